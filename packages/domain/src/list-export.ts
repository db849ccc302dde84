import { z } from 'zod';

/** A list's export (the invoice overview, the counterparties): an Excel workbook or CSV. */
export const LIST_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];
export const listExportFormatSchema = z.enum(LIST_EXPORT_FORMATS).default('xlsx');

/** More rows than this are refused: narrow the list with filters (the file is built in memory). */
export const LIST_EXPORT_MAX_ROWS = 100_000;

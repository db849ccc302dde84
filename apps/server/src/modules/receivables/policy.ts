import type { Permission } from '@kontor/domain';

/** SPEC §6: receivable invoices are seen, kept and exported with ar_invoices:manage. */
export const MANAGE_RECEIVABLES: Permission[] = ['ar_invoices:manage'];

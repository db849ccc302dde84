import { createContext, useContext } from 'react';
import type { InvoiceReading } from '@kontor/domain/invoices/invoice-reading';

export interface ReadingFormContext {
  /** Form field name → how reading the document filled it. */
  fields: InvoiceReading['fields'];
  /** Fields the user has changed and saved since the form opened: their marks are gone for good. */
  editedFields: ReadonlySet<string>;
  proposedCounterparty: InvoiceReading['proposedCounterparty'];
}

const EMPTY: ReadingFormContext = { fields: {}, editedFields: new Set(), proposedCounterparty: null };

/** What reading the document filled in, for the marks beside the labels (provided by InvoiceForm). */
export const ReadingContext = createContext<ReadingFormContext>(EMPTY);

export function useReading(): ReadingFormContext {
  return useContext(ReadingContext);
}

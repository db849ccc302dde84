import { createContext, useContext } from 'react';
import type { InvoiceReading } from '@kontor/domain/invoices/invoice-reading';

export interface ReadingFormContext {
  /** Form field name → how reading the document filled it. */
  fields: InvoiceReading['fields'];
  /** Fields the user has changed and saved since the form opened: their marks are gone for good. */
  editedFields: ReadonlySet<string>;
  proposedCounterparty: InvoiceReading['proposedCounterparty'];
  /**
   * The read document names an account, a payee or a direct debit (issue 50): the IBAN is chosen
   * in the "Account to pay" panel, so choosing a counterparty no longer copies its stored IBAN.
   */
  hasDocumentPayment: boolean;
}

const EMPTY: ReadingFormContext = {
  fields: {},
  editedFields: new Set(),
  proposedCounterparty: null,
  hasDocumentPayment: false,
};

/** What reading the document filled in, for the marks beside the labels (provided by InvoiceForm). */
export const ReadingContext = createContext<ReadingFormContext>(EMPTY);

export function useReading(): ReadingFormContext {
  return useContext(ReadingContext);
}

import type { OutgoingInvoice } from '../outgoing-invoice';
import type { InvoiceFormat } from './invoice-formatting';
import type { InvoiceLabels } from './invoice-labels';
import type { Typesetter } from './typesetter';

/** What every part of the page needs: the invoice, the words and formats of its language, the fonts. */
export interface InvoicePageContext {
  invoice: OutgoingInvoice;
  labels: InvoiceLabels;
  format: InvoiceFormat;
  typesetter: Typesetter;
}

/**
 * The payment terms text (BT-20) of the XML: one sentence in the invoice's language, and for
 * skonto the machine-readable line XRechnung defines (BR-DE-18, also read by ZUGFeRD 2.2+
 * receivers): `#SKONTO#TAGE=14#PROZENT=2.00#BASISBETRAG=119.00#` followed by a line break, as
 * the last line.
 */
import type { OutgoingInvoice } from './outgoing-invoice';
import { invoiceFormat } from './pdf/invoice-formatting';
import { decimalFromMinor } from './xml-values';

export function paymentTermsText(invoice: OutgoingInvoice): string {
  const { language, dueDate, currency, totals } = invoice;
  const skonto = invoice.type === 'invoice' ? invoice.payment.skonto : null;
  const format = invoiceFormat(language, currency);
  const due = format.date(dueDate);
  const lines: string[] = [];
  if (invoice.type === 'credit_note') {
    lines.push(language === 'de' ? `Wir erstatten den Betrag bis ${due}.` : `We refund the amount by ${due}.`);
  } else if (skonto) {
    const until = format.date(skonto.until);
    const percent = (skonto.rate / 100).toFixed(2);
    lines.push(
      language === 'de'
        ? `Bei Zahlung bis ${until} ${percent} % Skonto, sonst zahlbar ohne Abzug bis ${due}.`
        : `${percent} % early payment discount when paid by ${until}, otherwise payable without deduction by ${due}.`,
    );
    const basis = skonto.basis === totals.due ? '' : `#BASISBETRAG=${decimalFromMinor(skonto.basis, currency)}`;
    lines.push(`#SKONTO#TAGE=${skonto.days}#PROZENT=${percent}${basis}#`);
  } else {
    lines.push(language === 'de' ? `Zahlbar ohne Abzug bis ${due}.` : `Payable without deduction by ${due}.`);
  }
  return skonto ? `${lines.join('\n')}\n` : lines.join('\n');
}

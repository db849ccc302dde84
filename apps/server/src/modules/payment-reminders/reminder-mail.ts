import { invoiceFormat } from '@kontor/formats';
import { daysBetweenIso, renderReminder, type ReminderPlaceholder, type ReminderTemplateInput } from '@kontor/domain';
import { escapeHtml } from '../../lib/html-text';
import { translateNotification } from '../../lib/i18n';
import type { ReminderCandidate } from './reminder-candidates';

/**
 * A reminder e-mail in the customer's language: the template's header and footer around the
 * invoice's details. The HTML part is the same text plus Kontor's open pixel (SPEC §3 "opened"):
 * mail programs that load images report the opening; the text part stays the whole message.
 * Where the invoice's PDF exists, a link to it (tracked: "clicked") follows the details.
 */
export function composeReminder(
  candidate: ReminderCandidate,
  template: Pick<ReminderTemplateInput, 'subject' | 'header' | 'footer'>,
  company: string,
  today: string,
  tracking: { pixelUrl: string; documentUrl: string | null } | null,
): { subject: string; text: string; html: string } {
  const { language, currency } = candidate;
  const format = invoiceFormat(language, currency);
  const values: Record<ReminderPlaceholder, string> = {
    invoiceNumber: candidate.invoiceNumber ?? '',
    invoiceDate: format.date(candidate.invoiceDate),
    dueDate: format.date(candidate.dueDate),
    daysOverdue: String(Math.max(0, daysBetweenIso(candidate.dueDate, today))),
    amount: format.money(candidate.totalAmount),
    openAmount: format.money(candidate.totalAmount - candidate.paidAmount),
    counterparty: candidate.customerName,
    company,
  };
  const documentUrl = tracking?.documentUrl ?? null;
  const details =
    translateNotification('reminderDetails', language, values) +
    (documentUrl ? `\n\n${translateNotification('reminderDocumentLink', language)} ${documentUrl}` : '');
  const { subject, text } = renderReminder(template, values, details);
  const linked = (paragraph: string) =>
    documentUrl
      ? paragraph.replace(escapeHtml(documentUrl), `<a href="${escapeHtml(documentUrl)}">${escapeHtml(documentUrl)}</a>`)
      : paragraph;
  const paragraphs = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${linked(escapeHtml(paragraph)).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const pixel = tracking ? `<img src="${escapeHtml(tracking.pixelUrl)}" width="1" height="1" alt="" style="display:block">` : '';
  return { subject, text, html: `<!doctype html><html lang="${language}"><body>${paragraphs}${pixel}</body></html>` };
}

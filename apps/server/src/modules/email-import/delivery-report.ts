import type { ParsedMail } from 'mailparser';

/**
 * Delivery reports that come back to a mail's bounce address (issue 66 item 4): delivery status
 * notifications (RFC 3464, also RFC 6533's UTF-8 variant) and complaints in the Abuse Reporting
 * Format (ARF, RFC 5965). mailparser splits the MIME parts; the report part's fields are read
 * here: npm has no maintained DSN/ARF parser, and the fields are plain header blocks.
 */

export type DeliveryReportEvent = 'delivered' | 'delivery_delayed' | 'complained' | 'bounced';

export interface RecipientOutcome {
  /** Final-Recipient without its address type (`rfc822;`). */
  recipient: string | null;
  /** RFC 3464 action: failed, delayed, delivered, relayed, expanded. */
  action: string;
  /** Enhanced status code, e.g. 5.1.1. */
  status: string | null;
  diagnosticCode: string | null;
  event: DeliveryReportEvent | null;
}

export interface DeliveryReport {
  type: 'delivery-status' | 'feedback-report';
  /** Each event once, a bounce last: what the report says about the mail. */
  events: DeliveryReportEvent[];
  recipients: RecipientOutcome[];
  /** The Message-ID of the reported mail, from the report's fields or the attached original. */
  originalMessageId: string | null;
}

type ReportMail = Pick<ParsedMail, 'headers' | 'attachments'>;

const STATUS_PARTS = new Set(['message/delivery-status', 'message/global-delivery-status']);
const FEEDBACK_PART = 'message/feedback-report';
const ORIGINAL_PARTS = new Set(['message/rfc822', 'text/rfc822-headers', 'message/global', 'message/global-headers']);
const EVENT_ORDER: readonly DeliveryReportEvent[] = ['delivered', 'delivery_delayed', 'complained', 'bounced'];

const ACTION_EVENTS: Readonly<Record<string, DeliveryReportEvent>> = {
  failed: 'bounced',
  delayed: 'delivery_delayed',
  delivered: 'delivered',
  relayed: 'delivered', // handed to a system that sends no further reports: as far as we can know
  expanded: 'delivered', // delivered to a list or alias
};

/** Feedback types that are no complaint about the mail (RFC 6591 authentication failures, "not spam"). */
const NOT_COMPLAINTS = new Set(['auth-failure', 'not-spam']);

/**
 * The mailparser options a report needs: the delivery-status part as an attachment, not as text;
 * and an original attached inline (as ARF senders do) as one part, not merged into the text
 * without its Message-ID (`ignoreEmbedded` is mailsplit's, which mailparser passes on).
 */
export const DELIVERY_REPORT_PARSE_OPTIONS = { keepDeliveryStatus: true, ignoreEmbedded: true } as const;

/**
 * Header-style field blocks (RFC 3464 §2.1, RFC 5965 §3.1): blocks separated by blank lines,
 * folded lines unfolded, names lower-cased; the first occurrence of a field counts.
 */
export function readFieldBlocks(text: string): Map<string, string>[] {
  const blocks: Map<string, string>[] = [];
  let current = new Map<string, string>();
  let last: string | null = null;
  for (const line of text.split(/\r?\n|\r/)) {
    if (line.trim() === '') {
      if (current.size > 0) blocks.push(current);
      current = new Map();
      last = null;
    } else if (/^[ \t]/.test(line) && last) {
      current.set(last, `${current.get(last)} ${line.trim()}`);
    } else {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
      else last = null; // a repeated field's continuation belongs to the ignored repeat
    }
  }
  if (current.size > 0) blocks.push(current);
  return blocks;
}

/** `rfc822; anna@example.com` → `anna@example.com`. */
function withoutAddressType(value: string | undefined): string | null {
  if (!value) return null;
  const semicolon = value.indexOf(';');
  return (semicolon >= 0 ? value.slice(semicolon + 1) : value).trim() || null;
}

function messageIdIn(value: string | undefined): string | null {
  return /<[^<>\s]+@[^<>\s]+>/.exec(value ?? '')?.[0] ?? null;
}

function recipientOutcome(fields: Map<string, string>): RecipientOutcome | null {
  const action = fields.get('action')?.split(/[\s(]/)[0]?.toLowerCase();
  if (!action) return null;
  return {
    recipient: withoutAddressType(fields.get('final-recipient') ?? fields.get('original-recipient')),
    action,
    status: /\d\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? null,
    diagnosticCode: withoutAddressType(fields.get('diagnostic-code')),
    event: ACTION_EVENTS[action] ?? null,
  };
}

/** Original-Message-ID in the report's fields, else the Message-ID of the attached original. */
function originalMessageIdOf(mail: ReportMail, reportFields: Map<string, string>[]): string | null {
  for (const fields of reportFields) {
    const named = messageIdIn(fields.get('original-message-id') ?? fields.get('x-original-message-id'));
    if (named) return named;
  }
  for (const part of mail.attachments) {
    if (!ORIGINAL_PARTS.has(part.contentType.toLowerCase())) continue;
    const [headers] = readFieldBlocks(part.content.toString('utf8'));
    const found = messageIdIn(headers?.get('message-id'));
    if (found) return found;
  }
  return null;
}

function reportTypeOf(mail: ReportMail): string | null {
  const contentType = mail.headers.get('content-type');
  if (!contentType || typeof contentType !== 'object' || !('params' in contentType)) return null;
  return contentType.value.toLowerCase() === 'multipart/report'
    ? (contentType.params['report-type']?.toLowerCase() ?? null)
    : null;
}

/**
 * What a received mail reports about one we sent, or null when it is no delivery report (an
 * auto-reply, spam to the bounce address). Reads the report part even when the top-level
 * report-type is missing or wrong, as some MTAs write it.
 */
export function readDeliveryReport(mail: ReportMail): DeliveryReport | null {
  const reportType = reportTypeOf(mail);
  const statusPart = mail.attachments.find((part) => STATUS_PARTS.has(part.contentType.toLowerCase()));
  const feedbackPart = mail.attachments.find((part) => part.contentType.toLowerCase() === FEEDBACK_PART);

  if (feedbackPart && (reportType === 'feedback-report' || !statusPart)) {
    const [fields = new Map<string, string>()] = readFieldBlocks(feedbackPart.content.toString('utf8'));
    const feedbackType = fields.get('feedback-type')?.toLowerCase() ?? 'abuse';
    return {
      type: 'feedback-report',
      events: NOT_COMPLAINTS.has(feedbackType) ? [] : ['complained'],
      recipients: [],
      originalMessageId: originalMessageIdOf(mail, [fields]),
    };
  }
  if (!statusPart) return null;
  // The first block is about the message (Reporting-MTA …), each one with an Action about a recipient.
  const blocks = readFieldBlocks(statusPart.content.toString('utf8'));
  const recipients = blocks.flatMap((fields) => recipientOutcome(fields) ?? []);
  const seen = new Set(recipients.flatMap((outcome) => outcome.event ?? []));
  return {
    type: 'delivery-status',
    events: EVENT_ORDER.filter((event) => seen.has(event)),
    recipients,
    originalMessageId: originalMessageIdOf(mail, blocks),
  };
}

import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import {
  arfComplaint,
  gmailBounce,
  mixedRecipients,
  office365Bounce,
  postfixBounce,
  postfixDelay,
  postfixSuccess,
  utf8Bounce,
  vacationReply,
  type ReportTarget,
} from '../../../test/delivery-report-fixtures';
import { DELIVERY_REPORT_PARSE_OPTIONS, readDeliveryReport, readFieldBlocks } from './delivery-report';

const target: ReportTarget = {
  to: 'bounce+c0a8012e-7d4b-4f3a-9e21-5b6d8f0a1c23@import.kontor.example',
  messageId: '<c0a8012e-7d4b-4f3a-9e21-5b6d8f0a1c23@kontor.example>',
  recipient: 'max.mustermann@kunde.example',
};

const read = async (raw: string) => readDeliveryReport(await simpleParser(Buffer.from(raw), DELIVERY_REPORT_PARSE_OPTIONS));

describe('delivery reports (RFC 3464 DSN, RFC 5965 ARF)', () => {
  it('reads a Postfix bounce: failed, 5.1.1, the diagnostic unfolded, the original attached', async () => {
    expect(await read(postfixBounce(target))).toEqual({
      type: 'delivery-status',
      events: ['bounced'],
      recipients: [
        {
          recipient: 'max.mustermann@kunde.example',
          action: 'failed',
          status: '5.1.1',
          diagnosticCode:
            '550 5.1.1 <max.mustermann@kunde.example>: Recipient address rejected: User unknown in virtual mailbox table',
          event: 'bounced',
        },
      ],
      originalMessageId: target.messageId,
    });
  });

  it('reads a Postfix delay and success notice, each with only the original headers', async () => {
    expect(await read(postfixDelay(target))).toMatchObject({
      events: ['delivery_delayed'],
      recipients: [{ action: 'delayed', status: '4.4.1', event: 'delivery_delayed' }],
      originalMessageId: target.messageId,
    });
    expect(await read(postfixSuccess(target))).toMatchObject({
      events: ['delivered'],
      recipients: [{ action: 'relayed', status: '2.0.0', event: 'delivered' }],
      originalMessageId: target.messageId,
    });
  });

  it('reads an Office 365 NDR beside its text and HTML parts', async () => {
    expect(await read(office365Bounce(target))).toMatchObject({
      type: 'delivery-status',
      events: ['bounced'],
      recipients: [
        {
          recipient: 'max.mustermann@kunde.example',
          status: '5.1.10',
          diagnosticCode: '550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup',
        },
      ],
      originalMessageId: target.messageId,
    });
  });

  it("reads a Gmail bounce, which names the original only in the report's X-Original-Message-ID", async () => {
    const report = await read(gmailBounce(target));
    expect(report).toMatchObject({ events: ['bounced'], originalMessageId: target.messageId });
    expect(report!.recipients[0]!.diagnosticCode).toMatch(/^550-5\.1\.1 The email account .*\?p=NoSuchUser$/);
  });

  it('reads every recipient of a report: a bounce comes last, whatever the order in the report', async () => {
    const report = await read(mixedRecipients(target, 'buchhaltung@kunde.example'));
    expect(report!.recipients.map(({ recipient, action, status }) => [recipient, action, status])).toEqual([
      ['buchhaltung@kunde.example', 'delivered', '2.0.0'],
      ['max.mustermann@kunde.example', 'failed', '5.2.2'],
    ]);
    expect(report!.events).toEqual(['delivered', 'bounced']);
  });

  it('reads the UTF-8 variant of RFC 6533', async () => {
    expect(await read(utf8Bounce(target))).toMatchObject({
      events: ['bounced'],
      recipients: [{ recipient: 'jürgen@müller.example', status: '5.1.1' }],
      originalMessageId: target.messageId,
    });
  });

  it('reads an ARF complaint; an authentication-failure report is no complaint', async () => {
    expect(await read(arfComplaint(target))).toEqual({
      type: 'feedback-report',
      events: ['complained'],
      recipients: [],
      originalMessageId: target.messageId,
    });
    expect(await read(arfComplaint(target, 'auth-failure'))).toMatchObject({ type: 'feedback-report', events: [] });
  });

  it('finds no report in an ordinary mail', async () => {
    expect(await read(vacationReply(target))).toBeNull();
  });

  it('splits field blocks: unfolded, names in lower case, the first of a repeated field', () => {
    expect(readFieldBlocks('A: 1\r\n  more\r\nA: 2\r\n\r\n\r\nB:x\nnot a field\n')).toEqual([
      new Map([['a', '1 more']]),
      new Map([['b', 'x']]),
    ]);
  });
});

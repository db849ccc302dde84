/**
 * Delivery reports as real MTAs write them (issue 66 item 4), shortened where the text says
 * nothing: Postfix bounce, delay and success notices, an Office 365 NDR, a Gmail bounce, a
 * per-recipient mix, an RFC 6533 UTF-8 report and ARF complaints (Yahoo/AOL-style feedback loop).
 * Each names the original mail by its bounce address (`to`) and its Message-ID.
 */
export interface ReportTarget {
  /** The envelope and header recipient: the mail's bounce address. */
  to: string;
  /** The Message-ID of the mail reported on, `<…>`. */
  messageId: string;
  /** Whom the mail was for. */
  recipient: string;
}

const crlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

const original = ({ messageId, recipient }: ReportTarget) => `Return-Path: <bounce@kontor.example>
Message-ID: ${messageId}
Date: Tue, 14 Jan 2025 09:12:40 +0100
From: Mahnwesen GmbH <no-reply@kontor.example>
To: ${recipient}
Subject: Zahlungserinnerung RE-2025-0042
X-Kontor-Template: payment_reminder
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

Guten Tag,

unsere Rechnung RE-2025-0042 =C3=BCber 1.977,47 =E2=82=AC ist seit 20 Tagen f=C3=A4llig.`;

/** Postfix: "Undelivered Mail Returned to Sender", the whole original attached. */
export const postfixBounce = (target: ReportTarget) =>
  crlf(`Return-Path: <>
Received: by mail.kontor-relay.example (Postfix) id 6B2C93E0F1; Tue, 14 Jan 2025 09:12:44 +0100 (CET)
Date: Tue, 14 Jan 2025 09:12:44 +0100 (CET)
From: MAILER-DAEMON@mail.kontor-relay.example (Mail Delivery System)
Subject: Undelivered Mail Returned to Sender
To: ${target.to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="5A1B23C4D5.1736842364/mail.kontor-relay.example"
Content-Transfer-Encoding: 8bit
Message-Id: <20250114081244.6B2C93E0F1@mail.kontor-relay.example>

This is a MIME-encapsulated message.

--5A1B23C4D5.1736842364/mail.kontor-relay.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is the mail system at host mail.kontor-relay.example.

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients. It's attached below.

                   The mail system

<${target.recipient}>: host mx.kunde.example[203.0.113.25] said: 550 5.1.1
    <${target.recipient}>: Recipient address rejected: User unknown in virtual
    mailbox table (in reply to RCPT TO command)

--5A1B23C4D5.1736842364/mail.kontor-relay.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.kontor-relay.example
X-Postfix-Queue-ID: 5A1B23C4D5
X-Postfix-Sender: rfc822; ${target.to}
Arrival-Date: Tue, 14 Jan 2025 09:12:43 +0100 (CET)

Final-Recipient: rfc822; ${target.recipient}
Original-Recipient: rfc822;${target.recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; mx.kunde.example
Diagnostic-Code: smtp; 550 5.1.1 <${target.recipient}>: Recipient address
    rejected: User unknown in virtual mailbox table

--5A1B23C4D5.1736842364/mail.kontor-relay.example
Content-Description: Undelivered Message
Content-Type: message/rfc822
Content-Transfer-Encoding: 8bit

${original(target)}

--5A1B23C4D5.1736842364/mail.kontor-relay.example--
`);

/** Postfix: "Delayed Mail (still being retried)", only the original's headers attached. */
export const postfixDelay = (target: ReportTarget) =>
  crlf(`Return-Path: <>
Date: Tue, 14 Jan 2025 13:12:44 +0100 (CET)
From: MAILER-DAEMON@mail.kontor-relay.example (Mail Delivery System)
Subject: Delayed Mail (still being retried)
To: ${target.to}
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="7F3E11A2B9.1736856764/mail.kontor-relay.example"
Message-Id: <20250114121244.7F3E11A2B9@mail.kontor-relay.example>

--7F3E11A2B9.1736856764/mail.kontor-relay.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

This is a delivery status notification, NOT an error. Your message could not
be delivered for 4.0 hours. It will be retried until it is 5.0 days old.

--7F3E11A2B9.1736856764/mail.kontor-relay.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.kontor-relay.example
X-Postfix-Queue-ID: 7F3E11A2B9
Arrival-Date: Tue, 14 Jan 2025 09:12:43 +0100 (CET)

Final-Recipient: rfc822; ${target.recipient}
Action: delayed
Status: 4.4.1
Diagnostic-Code: X-Postfix; connect to mx.kunde.example[203.0.113.25]:25:
    Connection timed out
Will-Retry-Until: Sun, 19 Jan 2025 09:12:43 +0100 (CET)

--7F3E11A2B9.1736856764/mail.kontor-relay.example
Content-Description: Message Headers
Content-Type: text/rfc822-headers

${original(target).split('\n\n')[0]}

--7F3E11A2B9.1736856764/mail.kontor-relay.example--
`);

/** Postfix with NOTIFY=SUCCESS: "Successful Mail Delivery Report"; the next hop speaks no DSN (relayed). */
export const postfixSuccess = (target: ReportTarget) =>
  crlf(`Return-Path: <>
Date: Tue, 14 Jan 2025 09:12:45 +0100 (CET)
From: MAILER-DAEMON@mail.kontor-relay.example (Mail Delivery System)
Subject: Successful Mail Delivery Report
To: ${target.to}
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="0C4D55E6F7.1736842365/mail.kontor-relay.example"

--0C4D55E6F7.1736842365/mail.kontor-relay.example
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

Your message was successfully delivered to the destination(s) listed below.

--0C4D55E6F7.1736842365/mail.kontor-relay.example
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mail.kontor-relay.example
Arrival-Date: Tue, 14 Jan 2025 09:12:43 +0100 (CET)

Final-Recipient: rfc822; ${target.recipient}
Action: relayed
Status: 2.0.0
Remote-MTA: dns; mx.kunde.example
Diagnostic-Code: smtp; 250 2.0.0 Ok: queued as 4Yb8Qk3cPz

--0C4D55E6F7.1736842365/mail.kontor-relay.example
Content-Description: Message Headers
Content-Type: text/rfc822-headers

${original(target).split('\n\n')[0]}

--0C4D55E6F7.1736842365/mail.kontor-relay.example--
`);

/** Exchange Online: an NDR with text and HTML, RESOLVER.ADR.RecipientNotFound, the original's headers. */
export const office365Bounce = (target: ReportTarget) =>
  crlf(`Return-Path: <>
From: Microsoft Outlook <MicrosoftExchange329e71ec88ae4615bbc36ab6ce41109e@kunde.example>
To: <${target.to}>
Date: Tue, 14 Jan 2025 08:12:47 +0000
Content-Type: multipart/report; report-type=delivery-status;
\tboundary="e3b0c44298fc1c149afbf4c8996fb924"
X-MS-Exchange-Message-Is-Ndr:
Content-Language: en-US
Message-ID: <7a1d5a2c-3b5e-4a0f-9d2c-8e9f0a1b2c3d@AM6PR10MB2344.EURPRD10.PROD.OUTLOOK.COM>
In-Reply-To: ${target.messageId}
References: ${target.messageId}
Subject: Undeliverable: Zahlungserinnerung RE-2025-0042
Auto-Submitted: auto-replied
MIME-Version: 1.0

--e3b0c44298fc1c149afbf4c8996fb924
Content-Type: multipart/alternative; differences=Content-Type;
\tboundary="a5f3c6a11b03839d46af9fb43c97c188"

--a5f3c6a11b03839d46af9fb43c97c188
Content-Type: text/plain; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

Your message to ${target.recipient} couldn't be delivered.
${target.recipient.split('@')[0]} wasn't found at kunde.example.

--a5f3c6a11b03839d46af9fb43c97c188
Content-Type: text/html; charset="us-ascii"
Content-Transfer-Encoding: quoted-printable

<html><body><p>Your message to ${target.recipient} couldn't be delivered.</p></body></html>

--a5f3c6a11b03839d46af9fb43c97c188--

--e3b0c44298fc1c149afbf4c8996fb924
Content-Type: message/delivery-status

Reporting-MTA: dns;AM6PR10MB2344.EURPRD10.PROD.OUTLOOK.COM
Received-From-MTA: dns;mail.kontor-relay.example
Arrival-Date: Tue, 14 Jan 2025 08:12:45 +0000

Final-Recipient: rfc822;${target.recipient}
Action: failed
Status: 5.1.10
Diagnostic-Code: smtp;550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup

--e3b0c44298fc1c149afbf4c8996fb924
Content-Type: text/rfc822-headers

${original(target).split('\n\n')[0]}

--e3b0c44298fc1c149afbf4c8996fb924--
`);

/** Gmail: "Delivery Status Notification (Failure)", X-Original-Message-ID in the report, no original attached. */
export const gmailBounce = (target: ReportTarget) =>
  crlf(`Return-Path: <>
Received: by 2002:a05:6000:1a8c:b0:385:f0dc:c9f4 with SMTP id ...; Tue, 14 Jan 2025 00:12:46 -0800 (PST)
From: Mail Delivery Subsystem <mailer-daemon@googlemail.com>
To: ${target.to}
Auto-Submitted: auto-replied
Message-ID: <67861e0e.050a0220.2e1b4f.8a2cSMTPIN_ADDED_MISSING@mx.google.com>
Date: Tue, 14 Jan 2025 00:12:46 -0800 (PST)
Subject: Delivery Status Notification (Failure)
MIME-Version: 1.0
Content-Type: multipart/report; boundary="000000000000b1a2c3062b9f0e1d"; report-type=delivery-status

--000000000000b1a2c3062b9f0e1d
Content-Type: multipart/related; boundary="000000000000b1b4d5062b9f0e2e"

--000000000000b1b4d5062b9f0e2e
Content-Type: text/html; charset="UTF-8"

<html><body><h2>Address not found</h2><p>Your message wasn't delivered to <a>${target.recipient}</a> because the address couldn't be found, or is unable to receive mail.</p></body></html>

--000000000000b1b4d5062b9f0e2e--

--000000000000b1a2c3062b9f0e1d
Content-Type: message/delivery-status

Reporting-MTA: dns; googlemail.com
Received-From-MTA: dns; no-reply@kontor.example
Arrival-Date: Tue, 14 Jan 2025 00:12:45 -0800 (PST)
X-Original-Message-ID: ${target.messageId}

Final-Recipient: rfc822; ${target.recipient}
Action: failed
Status: 5.1.1
Remote-MTA: dns; gmail-smtp-in.l.google.com. (2a00:1450:400c:c07::1b, the server for the domain gmail.com.)
Diagnostic-Code: smtp; 550-5.1.1 The email account that you tried to reach does not exist. Please try
 550-5.1.1 double-checking the recipient's email address for typos or
 550 5.1.1 unnecessary spaces. https://support.google.com/mail/?p=NoSuchUser
Last-Attempt-Date: Tue, 14 Jan 2025 00:12:46 -0800 (PST)

--000000000000b1a2c3062b9f0e1d--
`);

/** One mail to two recipients: one mailbox unknown, the other delivered (Sendmail-style report). */
export const mixedRecipients = (target: ReportTarget, delivered: string) =>
  crlf(`From: Mail Delivery Subsystem <MAILER-DAEMON@relay.kontor-relay.example>
To: ${target.to}
Subject: Returned mail: see transcript for details
Auto-Submitted: auto-generated (failure)
MIME-Version: 1.0
Content-Type: multipart/report; report-type="delivery-status"; boundary="50E8CkLq012345.1736842366/relay"

--50E8CkLq012345.1736842366/relay

The original message was received at Tue, 14 Jan 2025 09:12:43 +0100

--50E8CkLq012345.1736842366/relay
Content-Type: message/delivery-status

Reporting-MTA: dns; relay.kontor-relay.example
Received-From-MTA: DNS; app.kontor.example
Arrival-Date: Tue, 14 Jan 2025 09:12:43 +0100

Final-Recipient: RFC822; ${delivered}
Action: delivered (to mailbox)
Status: 2.0.0

Final-Recipient: RFC822; ${target.recipient}
Action: failed
Status: 5.2.2
Remote-MTA: DNS; mx.kunde.example
Diagnostic-Code: SMTP; 552 5.2.2 Mailbox full
Last-Attempt-Date: Tue, 14 Jan 2025 09:12:45 +0100

--50E8CkLq012345.1736842366/relay
Content-Type: text/rfc822-headers

${original(target).split('\n\n')[0]}

--50E8CkLq012345.1736842366/relay--
`);

/** RFC 6533: a report for an internationalised address, as message/global-delivery-status. */
export const utf8Bounce = (target: ReportTarget) =>
  crlf(`From: MAILER-DAEMON@mail.kontor-relay.example
To: ${target.to}
Subject: Undelivered Mail Returned to Sender
MIME-Version: 1.0
Content-Type: multipart/report; report-type=global-delivery-status; boundary="B0UND"

--B0UND
Content-Type: text/plain; charset=utf-8

Die Nachricht konnte nicht zugestellt werden.

--B0UND
Content-Type: message/global-delivery-status

Reporting-MTA: dns; mail.kontor-relay.example

Final-Recipient: utf-8; jürgen@müller.example
Action: failed
Status: 5.1.1

--B0UND
Content-Type: message/global-headers

${original(target).split('\n\n')[0]}

--B0UND--
`);

/** ARF (RFC 5965), as Yahoo/AOL feedback loops send a spam complaint, the original attached. */
export const arfComplaint = (target: ReportTarget, feedbackType = 'abuse') =>
  crlf(`From: <staff@hotmail-fbl.example>
Date: Wed, 15 Jan 2025 10:03:11 +0000
Subject: FW: Zahlungserinnerung RE-2025-0042
To: <${target.to}>
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report;
    boundary="part1_13d.2e68ed54_boundary"

--part1_13d.2e68ed54_boundary
Content-Type: text/plain; charset="US-ASCII"
Content-Transfer-Encoding: 7bit

This is an email abuse report for an email message received from IP
198.51.100.7 on Wed, 15 Jan 2025 10:03:11 +0000.

--part1_13d.2e68ed54_boundary
Content-Type: message/feedback-report

Feedback-Type: ${feedbackType}
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <${target.to}>
Original-Rcpt-To: <${target.recipient}>
Arrival-Date: Wed, 15 Jan 2025 10:02:58 +0000
Source-IP: 198.51.100.7
Reported-Domain: kontor.example

--part1_13d.2e68ed54_boundary
Content-Type: message/rfc822
Content-Disposition: inline

${original(target)}

--part1_13d.2e68ed54_boundary--
`);

/** Not a report: an out-of-office reply that went to the envelope sender. */
export const vacationReply = (target: ReportTarget) =>
  crlf(`From: ${target.recipient}
To: ${target.to}
Subject: Abwesenheitsnotiz: Zahlungserinnerung RE-2025-0042
Auto-Submitted: auto-replied
In-Reply-To: ${target.messageId}
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

Ich bin bis zum 20. Januar nicht im Büro.
`);

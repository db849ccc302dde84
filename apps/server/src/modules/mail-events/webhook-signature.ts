import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of the mail-event webhook (issue 66 item 4), Stripe-style:
 * `x-kontor-signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. The time is
 * signed with the body, so a recorded call cannot be replayed once it is five minutes old.
 */
export const SIGNATURE_HEADER = 'x-kontor-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

function digest(secret: string, timestamp: string, body: Buffer | string): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();
}

/** The header value for a body (for senders and tests). */
export function signWebhookBody(secret: string, body: Buffer | string, timestamp: number): string {
  return `t=${timestamp},v1=${digest(secret, String(timestamp), body).toString('hex')}`;
}

/**
 * Whether the header signs exactly these bytes with the secret, at most five minutes from now
 * (either way: a sender's clock may run ahead). Several v1 values may be given (a sender that
 * rotates its secret); one must match.
 */
export function verifyWebhookSignature(
  header: string | string[] | undefined,
  body: Buffer,
  secret: string,
  nowMs: number = Date.now(),
): boolean {
  if (typeof header !== 'string') return false;
  let timestamp: string | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d{1,12}$/.test(value)) timestamp = value;
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (!timestamp || signatures.length === 0) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > SIGNATURE_TOLERANCE_SECONDS) return false;
  const expected = digest(secret, timestamp, body);
  // Constant time: the comparison must not tell an attacker how many leading bytes were right.
  return signatures.some((signature) => timingSafeEqual(signature, expected));
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import { NOTIFICATION_OPTIONS, type NotificationOption } from '@kontor/domain';

/** Every e-mail notification at once: the mail's List-Unsubscribe header (one click in the mail program). */
export const EVERY_OPTION = 'all';
const EVERY_OPTION_BYTE = 255;

export interface UnsubscribeTarget {
  orgId: string;
  userId: string;
  option: NotificationOption | typeof EVERY_OPTION;
}

/** 128 bits of HMAC-SHA256: plenty against guessing, and the link stays short (path parameters are capped at 100 characters). */
const SIGNATURE_BYTES = 16;

const uuidBytes = (uuid: string) => Buffer.from(uuid.replace(/-/g, ''), 'hex');
const uuidOf = (bytes: Buffer) => bytes.toString('hex').replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5');

const signature = (secret: string, payload: Buffer) =>
  createHmac('sha256', `kontor-unsubscribe:${secret}`).update(payload).digest().subarray(0, SIGNATURE_BYTES);

/**
 * The token of a digest's unsubscribe link: which organisation, member and option or every option (33 bytes,
 * base64url), signed with the server's secret. It works without signing in and does not expire:
 * a mail read months later can still be unsubscribed from. Changing any part breaks the signature.
 */
export function unsubscribeToken(secret: string, target: UnsubscribeTarget): string {
  const payload = Buffer.concat([
    uuidBytes(target.orgId),
    uuidBytes(target.userId),
    Buffer.from([target.option === EVERY_OPTION ? EVERY_OPTION_BYTE : NOTIFICATION_OPTIONS.indexOf(target.option)]),
  ]);
  return `${payload.toString('base64url')}.${signature(secret, payload).toString('base64url')}`;
}

export function readUnsubscribeToken(secret: string, token: string): UnsubscribeTarget | null {
  const match = /^([A-Za-z0-9_-]{44})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url');
  const given = Buffer.from(match[2]!, 'base64url');
  const option = payload[32] === EVERY_OPTION_BYTE ? EVERY_OPTION : NOTIFICATION_OPTIONS[payload[32] ?? -1];
  if (payload.length !== 33 || given.length !== SIGNATURE_BYTES || !option) return null;
  if (!timingSafeEqual(given, signature(secret, payload))) return null;
  return { orgId: uuidOf(payload.subarray(0, 16)), userId: uuidOf(payload.subarray(16, 32)), option };
}

import { createHash, randomBytes } from 'node:crypto';

/** Bytes of randomness in a link token: 256 bits, far beyond guessing. */
const TOKEN_BYTES = 32;

/**
 * The token goes into the mailed link; the database keeps only its SHA-256 hash, so a leaked
 * database (or backup) holds no usable links. A plain hash suffices (no salt or slow hash): the
 * token is random, not a password a person chose, so there is nothing to brute-force.
 */
export function hashVerificationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function makeVerificationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashVerificationToken(token) };
}

/** The public page that the mail links to (apps/web route /verify-bank-account/:token). */
export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-bank-account/${encodeURIComponent(token)}`;
}

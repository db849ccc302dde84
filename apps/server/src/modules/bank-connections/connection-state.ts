import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The state Kontor gives the bank as its reference and gets back on the callback: the connection,
 * a single-use nonce (stored on the connection, cleared when used) and a signature over both and
 * the organisation and person who started it. A state from another organisation or person, one
 * altered or made up, or one used before, is refused.
 */
export interface ConnectionStateOwner {
  orgId: string;
  userId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function signatureOf(secret: string, owner: ConnectionStateOwner, connectionId: string, nonce: string): string {
  return createHmac('sha256', secret)
    .update(`bank-connection-state|${owner.orgId}|${owner.userId}|${connectionId}|${nonce}`)
    .digest('base64url');
}

export function createConnectionState(
  secret: string,
  owner: ConnectionStateOwner,
  connectionId: string,
): { state: string; nonce: string } {
  const nonce = randomBytes(16).toString('base64url');
  return { state: `${connectionId}.${nonce}.${signatureOf(secret, owner, connectionId, nonce)}`, nonce };
}

/** The connection and nonce a state names, if it was signed for this organisation and person. */
export function readConnectionState(
  secret: string,
  owner: ConnectionStateOwner,
  state: string,
): { connectionId: string; nonce: string } | null {
  const [connectionId = '', nonce = '', signature = '', ...rest] = state.split('.');
  if (rest.length > 0 || !UUID.test(connectionId) || !/^[\w-]{22}$/.test(nonce)) return null;
  const expected = Buffer.from(signatureOf(secret, owner, connectionId, nonce));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { connectionId: connectionId.toLowerCase(), nonce };
}

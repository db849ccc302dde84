/**
 * The EU's VIES REST API (https://ec.europa.eu/taxation_customs/vies/#/technical-information):
 * `POST {base}/check-vat-number` with `{ countryCode, vatNumber }`, the number without its
 * prefix. Global fetch is enough for one JSON call; no client library exists that would add more
 * than this file does.
 */
export type ViesAnswer = 'valid' | 'invalid' | 'unavailable';

/**
 * VIES's own "ask again later" answers: a member state's service is down or busy, or VIES is.
 * They arrive as `userError` or inside `errorWrappers[].error`, with HTTP 200 or 5xx.
 */
const UNAVAILABLE_CODES = new Set([
  'MS_UNAVAILABLE',
  'SERVICE_UNAVAILABLE',
  'TIMEOUT',
  'MS_MAX_CONCURRENT_REQ',
  'GLOBAL_MAX_CONCURRENT_REQ',
]);

interface ViesBody {
  valid?: unknown;
  isValid?: unknown;
  userError?: unknown;
  errorWrappers?: { error?: unknown }[];
}

function errorCodes(body: ViesBody): string[] {
  const codes = [body.userError, ...(Array.isArray(body.errorWrappers) ? body.errorWrappers.map((item) => item?.error) : [])];
  return codes.filter((code): code is string => typeof code === 'string');
}

/** Reads VIES's answer: unavailable wins over anything else it says, since then nothing was checked. */
export function interpretViesResponse(status: number, body: ViesBody | null): ViesAnswer {
  if (!body || typeof body !== 'object') return 'unavailable';
  const codes = errorCodes(body);
  if (status >= 500 || codes.some((code) => UNAVAILABLE_CODES.has(code))) return 'unavailable';
  const valid = body.valid ?? body.isValid;
  if (valid === true) return 'valid';
  // INVALID_INPUT: VIES refuses the number itself, which is an answer about the number.
  if (valid === false || codes.includes('INVALID_INPUT') || codes.includes('INVALID')) return 'invalid';
  // Anything else (blocked requester, unknown error) says nothing about the number: ask again later.
  return 'unavailable';
}

/**
 * Asks VIES about one normalised VAT number (`DE123456789`). The prefix is VIES's country code as
 * it is: Greece's numbers carry EL (not the ISO code GR) and Northern Ireland's XI, as VIES expects.
 * A network error or the time-out counts as unavailable, never as invalid.
 */
export async function askVies(baseUrl: string, vatNumber: string, timeoutMs: number): Promise<ViesAnswer> {
  try {
    const response = await fetch(`${baseUrl}/check-vat-number`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ countryCode: vatNumber.slice(0, 2), vatNumber: vatNumber.slice(2) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as ViesBody | null;
    return interpretViesResponse(response.status, body);
  } catch {
    return 'unavailable';
  }
}

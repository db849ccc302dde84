import { z } from 'zod';
import { errorForResponse, parseAnswer, type GoCardlessHttp } from './gocardless-http';

/**
 * GoCardless access tokens last 24 h, refresh tokens 30 days (`access_expires`,
 * `refresh_expires` in seconds). One token serves every call of the process: it is reused until
 * shortly before it lapses, then refreshed, and a new pair is only requested when the refresh
 * token is gone or refused. Concurrent callers share one token request.
 */
export interface TokenSource {
  accessToken(): Promise<string>;
  /** The API refused `token` (401): forget it, so that the next call gets a fresh one. */
  forget(token: string): void;
}

const newTokenAnswer = z.object({
  access: z.string().min(1),
  access_expires: z.number().positive(),
  refresh: z.string().min(1),
  refresh_expires: z.number().positive(),
});
const refreshAnswer = z.object({ access: z.string().min(1), access_expires: z.number().positive() });

interface Held {
  token: string;
  /** Epoch ms after which the token is no longer used. */
  usableUntil: number;
}

export function createTokenSource(options: {
  http: GoCardlessHttp;
  secretId: string;
  secretKey: string;
  now: () => number;
}): TokenSource {
  const { http, now } = options;
  let access: Held | null = null;
  let refresh: Held | null = null;
  let pending: Promise<string> | null = null;

  /** Stop using a token a minute before it lapses (a tenth of its life for short-lived ones). */
  const hold = (token: string, seconds: number): Held => ({
    token,
    usableUntil: now() + (seconds - Math.min(60, seconds / 10)) * 1000,
  });
  const isUsable = (held: Held | null): held is Held => held !== null && now() < held.usableUntil;

  async function refreshAccess(refreshToken: string): Promise<string | null> {
    const response = await http.send('POST', 'token/refresh/', { body: { refresh: refreshToken } });
    if (response.status >= 200 && response.status < 300) {
      const answer = parseAnswer(refreshAnswer, response.body, 'token/refresh/');
      access = hold(answer.access, answer.access_expires);
      return answer.access;
    }
    const error = errorForResponse(response, 'GoCardless POST token/refresh/');
    if (error.transient) throw error;
    refresh = null; // refused (expired or revoked): ask for a new pair instead
    return null;
  }

  async function requestPair(): Promise<string> {
    const response = await http.send('POST', 'token/new/', {
      body: { secret_id: options.secretId, secret_key: options.secretKey },
    });
    if (response.status < 200 || response.status >= 300) throw errorForResponse(response, 'GoCardless POST token/new/');
    const answer = parseAnswer(newTokenAnswer, response.body, 'token/new/');
    access = hold(answer.access, answer.access_expires);
    refresh = hold(answer.refresh, answer.refresh_expires);
    return answer.access;
  }

  async function obtain(): Promise<string> {
    if (isUsable(refresh)) {
      const token = await refreshAccess(refresh.token);
      if (token) return token;
    }
    return requestPair();
  }

  return {
    accessToken() {
      if (isUsable(access)) return Promise.resolve(access.token);
      pending ??= obtain().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget(token) {
      if (access?.token === token) access = null;
    },
  };
}

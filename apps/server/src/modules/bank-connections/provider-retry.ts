import { BankProviderError } from './provider';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  /** The wait before the second attempt; doubled before each further one, with jitter. */
  baseDelayMs: number;
  /**
   * The longest rate-limit wait (Retry-After) worth waiting out here; a longer one (GoCardless's
   * per-account daily limits run to hours) fails at once, and the job tries again later.
   */
  maxRetryAfterMs: number;
}

/** Within a request: a blip is retried at once, an outage answers SPEC §8's message within seconds. */
export const REQUEST_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 400, maxRetryAfterMs: 5_000 };

export const isTransient = (error: unknown): error is BankProviderError => error instanceof BankProviderError && error.transient;

/** Runs a provider call again on transient failures (down, slow, rate-limited), with back-off. */
export async function withProviderRetry<T>(work: () => Promise<T>, policy: RetryPolicy = REQUEST_RETRY): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isTransient(error) || attempt >= policy.attempts) throw error;
      const asked = (error.retryAfterSeconds ?? 0) * 1000;
      if (asked > policy.maxRetryAfterMs) throw error;
      const delay = Math.max(asked, policy.baseDelayMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

import { describe, expect, it } from 'vitest';
import { BankProviderError } from './provider';
import { withProviderRetry } from './provider-retry';

const policy = { attempts: 3, baseDelayMs: 1, maxRetryAfterMs: 50 };

/** A call that fails with `errors` in turn, then answers 'ok'; counts its attempts. */
function flaky(errors: Error[]) {
  let calls = 0;
  const work = async () => {
    calls += 1;
    const error = errors.shift();
    if (error) throw error;
    return 'ok';
  };
  return { work, calls: () => calls };
}

describe('withProviderRetry', () => {
  it('retries transient failures with back-off until one attempt answers', async () => {
    const call = flaky([new BankProviderError('down', 'unavailable', true), new BankProviderError('down', 'unavailable', true)]);
    await expect(withProviderRetry(call.work, policy)).resolves.toBe('ok');
    expect(call.calls()).toBe(3);
  });

  it('gives up after its attempts, and never retries what the provider refused', async () => {
    const down = flaky([1, 2, 3].map(() => new BankProviderError('down', 'unavailable', true)));
    await expect(withProviderRetry(down.work, policy)).rejects.toMatchObject({ code: 'unavailable' });
    expect(down.calls()).toBe(3);
    const refused = flaky([new BankProviderError('no', 'refused', false)]);
    await expect(withProviderRetry(refused.work, policy)).rejects.toMatchObject({ code: 'refused' });
    expect(refused.calls()).toBe(1);
  });

  it('waits out a short rate limit, but fails at once on one longer than it may wait here', async () => {
    const short = flaky([new BankProviderError('slow down', 'rate_limited', true, 0.02)]);
    const started = Date.now();
    await expect(withProviderRetry(short.work, policy)).resolves.toBe('ok');
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    const daily = flaky([new BankProviderError('tomorrow', 'rate_limited', true, 86_000)]);
    await expect(withProviderRetry(daily.work, policy)).rejects.toMatchObject({ retryAfterSeconds: 86_000 });
    expect(daily.calls()).toBe(1);
  });
});

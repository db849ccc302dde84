import { describe, expect, it } from 'vitest';
import { clampProgress, READING_POLL_INTERVAL_MS, readingRefetchInterval, shouldPollReading } from './reading-status';

describe('shouldPollReading', () => {
  it('polls while a row is queued or being read', () => {
    expect(shouldPollReading([{ ocrStatus: 'done' }, { ocrStatus: 'pending' }])).toBe(true);
    expect(shouldPollReading([{ ocrStatus: 'processing' }])).toBe(true);
  });

  it('stops once every row is done, failed or never read', () => {
    expect(shouldPollReading([{ ocrStatus: 'done' }, { ocrStatus: 'failed' }, { ocrStatus: 'none' }])).toBe(false);
    expect(shouldPollReading([])).toBe(false);
  });
});

describe('readingRefetchInterval', () => {
  it('looks at every loaded page', () => {
    const pages = [{ items: [{ ocrStatus: 'done' as const }] }, { items: [{ ocrStatus: 'processing' as const }] }];
    expect(readingRefetchInterval(pages)).toBe(READING_POLL_INTERVAL_MS);
  });

  it('does not poll before the first page or when nothing is read', () => {
    expect(readingRefetchInterval(undefined)).toBe(false);
    expect(readingRefetchInterval([{ items: [{ ocrStatus: 'done' }] }])).toBe(false);
  });
});

describe('clampProgress', () => {
  it('rounds into 0..100 and keeps unknown as null', () => {
    expect(clampProgress(40.4)).toBe(40);
    expect(clampProgress(140)).toBe(100);
    expect(clampProgress(-3)).toBe(0);
    expect(clampProgress(null)).toBeNull();
    expect(clampProgress(undefined)).toBeNull();
    expect(clampProgress(Number.NaN)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { signWebhookBody, verifyWebhookSignature } from './webhook-signature';

const SECRET = 'whsec-test-0123456789abcdef';
const BODY = Buffer.from('{"events":[{"messageId":"<a@b>","event":"bounced"}]}');
const NOW = 1_736_842_364_000;
const t = NOW / 1000;

describe('mail-event webhook signature', () => {
  it('accepts the HMAC of "<t>.<body>" within five minutes either way', () => {
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t), BODY, SECRET, NOW)).toBe(true);
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t - 300), BODY, SECRET, NOW)).toBe(true);
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t + 300), BODY, SECRET, NOW)).toBe(true);
  });

  it('refuses an old or future timestamp, another body, secret or time, and a malformed header', () => {
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t - 301), BODY, SECRET, NOW)).toBe(false);
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t + 301), BODY, SECRET, NOW)).toBe(false);
    expect(verifyWebhookSignature(signWebhookBody(SECRET, BODY, t), Buffer.from(`${BODY} `), SECRET, NOW)).toBe(false);
    expect(verifyWebhookSignature(signWebhookBody('another-secret-of-length', BODY, t), BODY, SECRET, NOW)).toBe(false);
    const signature = signWebhookBody(SECRET, BODY, t).split(',v1=')[1]!;
    expect(verifyWebhookSignature(`t=${t - 1},v1=${signature}`, BODY, SECRET, NOW)).toBe(false);
    for (const header of [undefined, ['a', 'b'], '', `v1=${signature}`, `t=${t}`, `t=${t},v1=${signature.slice(2)}`]) {
      expect(verifyWebhookSignature(header, BODY, SECRET, NOW)).toBe(false);
    }
  });

  it('accepts any of several v1 values (a sender rotating its secret)', () => {
    const old = signWebhookBody('the-old-secret-of-length', BODY, t).split(',v1=')[1]!;
    const header = `t=${t},v1=${old},${signWebhookBody(SECRET, BODY, t).split(',')[1]!}`;
    expect(verifyWebhookSignature(header, BODY, SECRET, NOW)).toBe(true);
  });
});

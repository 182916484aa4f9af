import { createHmac } from 'node:crypto';
import { issueWebhookSecret, signWebhook, WEBHOOK_SECRET_PREFIX } from './signature.js';
import { verifyWebhook } from './verify.js';

// Vectors computed independently (Python hmac): RFC 4231-style well-known and a webhook-shaped body.
const BODY = '{"event":"payment.confirmed","requestId":"0151b3","amount":"100.0"}';
const SECRET = 'whsec_test_vector_secret';
const BODY_SIGNATURE = '6d8b83ec5137abb7fe1b2c124cb1466022f09fceac2eddc97dba5a69d1a1ebda';

describe('webhook signatures', () => {
  it('signs with hex HMAC-SHA256 of the exact body bytes (fixed vectors)', () => {
    expect(signWebhook('The quick brown fox jumps over the lazy dog', 'key')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
    expect(signWebhook(BODY, SECRET)).toBe(BODY_SIGNATURE);
    expect(signWebhook(Buffer.from(BODY), SECRET)).toBe(BODY_SIGNATURE);
  });

  it('verifyWebhook accepts the right signature over the raw body, in either hex case', () => {
    expect(verifyWebhook(BODY, BODY_SIGNATURE, SECRET)).toBe(true);
    expect(verifyWebhook(Buffer.from(BODY), BODY_SIGNATURE.toUpperCase(), SECRET)).toBe(true);
  });

  it('verifyWebhook refuses a changed body, another secret, a truncated, non-hex or missing signature', () => {
    expect(verifyWebhook(BODY.replace('100.0', '100.00'), BODY_SIGNATURE, SECRET)).toBe(false);
    expect(verifyWebhook(JSON.stringify(JSON.parse(BODY), null, 2), BODY_SIGNATURE, SECRET)).toBe(false);
    expect(verifyWebhook(BODY, BODY_SIGNATURE, SECRET + 'x')).toBe(false);
    expect(verifyWebhook(BODY, BODY_SIGNATURE.slice(0, 62), SECRET)).toBe(false);
    expect(verifyWebhook(BODY, 'z'.repeat(64), SECRET)).toBe(false);
    expect(verifyWebhook(BODY, undefined, SECRET)).toBe(false);
    expect(verifyWebhook(BODY, [BODY_SIGNATURE], SECRET)).toBe(false);
  });

  it('issues distinct secrets of 32 random bytes (standard padded base64) that receivers use as the HMAC key as-is', () => {
    const a = issueWebhookSecret();
    const b = issueWebhookSecret();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(a.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    expect(Buffer.from(a.slice(WEBHOOK_SECRET_PREFIX.length), 'base64')).toHaveLength(32);
    expect(signWebhook(BODY, a)).toBe(createHmac('sha256', a).update(BODY).digest('hex'));
  });
});

import { Webhook } from 'standardwebhooks';
import { issueWebhookSecret, signStandardWebhook, signWebhook, standardWebhookKey, webhookSigningKey } from './signature.js';
import { verifyStandardWebhook } from './verify-standard.js';

// Vectors computed independently (Python hmac + base64): key bytes 0xe0..0xff, whose base64 has
// both '+' and '/' (so the legacy base64url form of the same secret differs from it).
const SECRET = 'whsec_4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8=';
const LEGACY_SECRET = 'whsec_4OHi4-Tl5ufo6err7O3u7_Dx8vP09fb3-Pn6-_z9_v8';
const BODY = '{"event":"payment.confirmed","requestId":"0151b3","amount":"100.0"}';
const ID = '01JD3Y2ZK8Q7V6W5X4T3S2R1P0';
const TIMESTAMP = 1767323045;
const SIGNATURE = 'v1,xohFeGwen9m9wI2H+6ll1x+lOgcRN3RB5jziMLKYdwU=';
const AT = TIMESTAMP * 1000;
const headers = (signature: string, timestamp = String(TIMESTAMP)) => ({
  'webhook-id': ID,
  'webhook-timestamp': timestamp,
  'webhook-signature': signature,
});

describe('Standard Webhooks signatures (webhook-id, webhook-timestamp, webhook-signature)', () => {
  it('signs with a prepared webhookSigningKey exactly as with the secret string (fixed vector, both headers)', () => {
    const key = webhookSigningKey(SECRET);
    expect(signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [key])).toBe(SIGNATURE);
    expect(signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [webhookSigningKey(LEGACY_SECRET)])).toBe(SIGNATURE);
    expect(signWebhook(BODY, key)).toBe(signWebhook(BODY, SECRET));
    expect(signWebhook(BODY, webhookSigningKey('whsec_test_vector_secret'))).toBe(
      '6d8b83ec5137abb7fe1b2c124cb1466022f09fceac2eddc97dba5a69d1a1ebda',
    );
  });

  it('signs "id.timestamp.body" with the bytes of the secret\'s base64 part (fixed vector), legacy base64url secrets alike', () => {
    expect(signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [SECRET])).toBe(SIGNATURE);
    expect(signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [LEGACY_SECRET])).toBe(SIGNATURE);
    expect(standardWebhookKey(SECRET)).toEqual(Buffer.from(Array.from({ length: 32 }, (_, i) => 0xe0 + i)));
  });

  it('lists one v1 signature per secret, space separated, in the order given (rotation overlap: new, old)', () => {
    const other = issueWebhookSecret();
    const both = signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [other, SECRET]);
    const [first, second] = both.split(' ');
    expect(second).toBe(SIGNATURE);
    expect(first).toBe(signStandardWebhook({ id: ID, timestamp: TIMESTAMP, body: BODY }, [other]));
  });

  it('is verified by the published standardwebhooks package with the secret as issued (whsec_ + base64)', () => {
    const secret = issueWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const signature = signStandardWebhook({ id: ID, timestamp: now, body: BODY }, [issueWebhookSecret(), secret]);
    expect(new Webhook(secret).verify(BODY, headers(signature, String(now)))).toEqual(JSON.parse(BODY));
    expect(() => new Webhook(issueWebhookSecret()).verify(BODY, headers(signature, String(now)))).toThrow('No matching signature');
  });

  it('verifyStandardWebhook accepts a matching signature among several within the tolerance, either way in time', () => {
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), SECRET, { now: AT })).toEqual({ ok: true });
    expect(verifyStandardWebhook(Buffer.from(BODY), headers(`v1,${'A'.repeat(44)} ${SIGNATURE}`), SECRET, { now: AT })).toEqual({
      ok: true,
    });
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), LEGACY_SECRET, { now: AT + 300_000 }).ok).toBe(true);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), SECRET, { now: AT - 300_000 }).ok).toBe(true);
  });

  it('verifyStandardWebhook refuses a replay outside the tolerance (default 5 minutes), and a configured tighter one', () => {
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), SECRET, { now: AT + 301_000 })).toEqual({
      ok: false,
      reason: 'timestamp-out-of-tolerance',
    });
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), SECRET, { now: AT - 301_000 }).ok).toBe(false);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), SECRET, { now: AT + 11_000, toleranceSeconds: 10 }).ok).toBe(false);
  });

  it('verifyStandardWebhook refuses another body, id, timestamp or secret, a non-v1 signature and missing headers', () => {
    const at = { now: AT };
    expect(verifyStandardWebhook(BODY.replace('100.0', '100.00'), headers(SIGNATURE), SECRET, at)).toEqual({
      ok: false,
      reason: 'no-matching-signature',
    });
    expect(verifyStandardWebhook(BODY, { ...headers(SIGNATURE), 'webhook-id': `${ID}x` }, SECRET, at).ok).toBe(false);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE, String(TIMESTAMP + 1)), SECRET, at).ok).toBe(false);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE), issueWebhookSecret(), at).ok).toBe(false);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE.replace('v1,', 'v2,')), SECRET, at).ok).toBe(false);
    expect(verifyStandardWebhook(BODY, headers(SIGNATURE, '1767323045.5'), SECRET, at)).toEqual({ ok: false, reason: 'bad-timestamp' });
    expect(verifyStandardWebhook(BODY, { 'webhook-id': ID }, SECRET, at)).toEqual({ ok: false, reason: 'missing-headers' });
  });
});

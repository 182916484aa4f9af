import { Webhook } from 'standardwebhooks';
import { MemoryDedupe, WebhookReceiver } from './index.js';

// Vectors computed independently (Python hmac + base64; the same as libs/domain's signer spec).
const SECRET = 'whsec_4OHi4+Tl5ufo6err7O3u7/Dx8vP09fb3+Pn6+/z9/v8=';
const BODY = '{"event":"payment.confirmed","requestId":"0151b3","amount":"100.0"}';
const ID = '01JD3Y2ZK8Q7V6W5X4T3S2R1P0';
const TIMESTAMP = 1767323045;
const STANDARD = 'v1,xohFeGwen9m9wI2H+6ll1x+lOgcRN3RB5jziMLKYdwU=';
const AT = TIMESTAMP * 1000;
/** Hex HMAC-SHA256 of BODY keyed with the whole secret string (Python hmac). */
const INTERFACE = '84de8a77d91a314369718408e36235b886a2616a7a9ad92e14ebcfcd024d3dc7';
const headers = (over: Record<string, string> = {}) => ({
  'webhook-id': ID,
  'webhook-timestamp': String(TIMESTAMP),
  'webhook-signature': STANDARD,
  'x-service-delivery': ID,
  'x-service-signature': INTERFACE,
  ...over,
});

describe('@payrail/webhook-receiver (pure: node:crypto only)', () => {
  const at = (ms: number) => () => ms;

  it('accepts a Standard Webhooks signature within the tolerance and hands over the parsed event and id', () => {
    const receiver = new WebhookReceiver({ secret: SECRET, now: at(AT + 299_000) });
    expect(receiver.verify(BODY, headers())).toEqual({
      ok: true,
      id: ID,
      event: JSON.parse(BODY),
      test: false,
      sequence: null,
      occurredAt: null,
    });
  });

  it('refuses a timestamp outside the tolerance either way, a tampered body and a wrong secret', () => {
    expect(new WebhookReceiver({ secret: SECRET, now: at(AT + 301_000) }).verify(BODY, headers())).toEqual({
      ok: false,
      reason: 'timestamp-out-of-tolerance',
    });
    expect(new WebhookReceiver({ secret: SECRET, now: at(AT - 301_000) }).verify(BODY, headers()).ok).toBe(false);
    expect(new WebhookReceiver({ secret: SECRET, toleranceSeconds: 10, now: at(AT + 11_000) }).verify(BODY, headers()).ok).toBe(false);
    const receiver = new WebhookReceiver({ secret: SECRET, now: at(AT) });
    expect(receiver.verify(BODY.replace('100.0', '900.0'), headers())).toEqual({ ok: false, reason: 'no-matching-signature' });
    expect(new WebhookReceiver({ secret: 'whsec_' + Buffer.alloc(32, 7).toString('base64'), now: at(AT) }).verify(BODY, headers()).ok).toBe(
      false,
    );
    expect(receiver.verify(BODY, { ...headers(), 'webhook-signature': '' })).toEqual({ ok: false, reason: 'missing-headers' });
  });

  it('accepts with either secret of a rotation (new first), as a receiver holding both does', () => {
    const other = 'whsec_' + Buffer.alloc(32, 9).toString('base64');
    expect(new WebhookReceiver({ secret: [other, SECRET], now: at(AT) }).verify(BODY, headers()).ok).toBe(true);
  });

  it('agrees with the published standardwebhooks package on signatures it makes', () => {
    const now = Math.floor(Date.now() / 1000);
    const signature = new Webhook(SECRET).sign(ID, new Date(now * 1000), BODY);
    const fresh = headers({ 'webhook-timestamp': String(now), 'webhook-signature': signature });
    expect(new WebhookReceiver({ secret: SECRET }).verify(BODY, fresh).ok).toBe(true);
    expect(new WebhookReceiver({ secret: SECRET }).verify(Buffer.from(BODY), fresh).ok).toBe(true);
  });

  it('checks x-service-signature (hex HMAC of the body under the secret string) when required', () => {
    const hex = INTERFACE;
    const receiver = new WebhookReceiver({ secret: SECRET, require: 'interface', now: at(AT) });
    expect(receiver.verify(BODY, headers({ 'x-service-signature': hex, 'webhook-signature': 'v1,bm9uZQ==' })).ok).toBe(true);
    expect(receiver.verify(BODY, headers({ 'x-service-signature': hex.replace(/^./, (c) => (c === '0' ? '1' : '0')) }))).toEqual({
      ok: false,
      reason: 'bad-interface-signature',
    });
    const both = new WebhookReceiver({ secret: SECRET, require: 'both', now: at(AT + 400_000) });
    expect(both.verify(BODY, headers({ 'x-service-signature': hex }))).toEqual({ ok: false, reason: 'timestamp-out-of-tolerance' });
  });

  it("documents require: 'interface' honestly: a captured delivery replayed later under a fresh id is accepted; 'both' refuses it", async () => {
    const later = at(AT + 86_400_000 * 30);
    const replay = headers({ 'x-service-signature': INTERFACE, 'x-service-delivery': 'a-fresh-id-the-attacker-chose' });
    const interfaceOnly = new WebhookReceiver({ secret: SECRET, require: 'interface', now: later });
    expect((await interfaceOnly.receive(BODY, replay, () => undefined)).outcome).toBe('handled');
    const both = new WebhookReceiver({ secret: SECRET, require: 'both', now: later });
    expect(await both.receive(BODY, replay, () => undefined)).toEqual({
      status: 401,
      outcome: 'refused',
      reason: 'timestamp-out-of-tolerance',
    });
  });

  it('runs the handler once per delivery id, answers 200 to a repeat, and lets a retry through after the handler failed', async () => {
    const receiver = new WebhookReceiver({ secret: SECRET, now: at(AT) });
    const handled: string[] = [];
    let fail = true;
    const handle = (d: { id: string }) => {
      if (fail) throw new Error('database down');
      handled.push(d.id);
    };
    expect(await receiver.receive(BODY, headers(), handle)).toMatchObject({ status: 500, outcome: 'handler-failed', id: ID });
    fail = false;
    expect(await receiver.receive(BODY, headers(), handle)).toEqual({ status: 200, outcome: 'handled', id: ID });
    expect(await receiver.receive(BODY, headers(), handle)).toEqual({ status: 200, outcome: 'duplicate', id: ID });
    expect(await receiver.receive(BODY.replace('100', '101'), headers(), handle)).toEqual({
      status: 401,
      outcome: 'refused',
      reason: 'no-matching-signature',
    });
    expect(handled).toEqual([ID]);
  });

  it('MemoryDedupe forgets ids after their time to live and beyond its size', () => {
    let now = 0;
    const dedupe = new MemoryDedupe(1000, 2, () => now);
    expect([dedupe.claim('a'), dedupe.claim('a')]).toEqual([true, false]);
    now = 1001;
    expect(dedupe.claim('a')).toBe(true);
    dedupe.claim('b');
    dedupe.claim('c');
    expect(dedupe.claim('a')).toBe(true); // pushed out by b and c
  });

  it('refuses to verify a parsed object (the signature covers the raw bytes)', () => {
    const receiver = new WebhookReceiver({ secret: SECRET });
    expect(() => receiver.verify(JSON.parse(BODY) as unknown as string, headers())).toThrow('raw body');
  });
});

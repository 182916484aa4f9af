import { canTransition, normalizeOrigin, originAllowed, TIER_LIMITS } from './client-ids.js';

describe('allowed origins', () => {
  it.each([
    ['https://Shop.Example.com', 'https://shop.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['http://localhost:5173', 'http://localhost:5173'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
    ['https://shop.example.com/', 'https://shop.example.com'],
  ])('normalises %s to %s', (input, expected) => {
    expect(normalizeOrigin(input)).toEqual({ ok: true, origin: expected });
  });

  it.each([
    ['http://shop.example.com', /https/],
    ['https://shop.example.com/checkout', /without a path/],
    ['https://shop.example.com?x=1', /without a path/],
    ['https://user:pw@shop.example.com', /credentials/],
    ['shop.example.com', /absolute URL/],
    ['ftp://localhost', /https/],
  ])('rejects %s', (input, reason) => {
    const result = normalizeOrigin(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.reason).toMatch(reason);
  });

  it('matches scheme, host and port exactly', () => {
    const allowed = ['https://shop.example.com', 'http://localhost:5173'];
    expect(originAllowed('https://shop.example.com', allowed)).toBe(true);
    expect(originAllowed('https://SHOP.example.com:443', allowed)).toBe(true);
    expect(originAllowed('http://localhost:5173', allowed)).toBe(true);
    expect(originAllowed('http://localhost:5174', allowed)).toBe(false);
    expect(originAllowed('https://evil.shop.example.com', allowed)).toBe(false);
    expect(originAllowed('http://shop.example.com', allowed)).toBe(false);
    expect(originAllowed('null', allowed)).toBe(false);
  });
});

describe('client ID rules', () => {
  it('never leaves revoked', () => {
    expect(canTransition('revoked', 'active')).toBe(false);
    expect(canTransition('revoked', 'inactive')).toBe(false);
    expect(canTransition('inactive', 'active')).toBe(true);
    expect(canTransition('active', 'revoked')).toBe(true);
  });

  it('has the spec tiers', () => {
    expect(TIER_LIMITS).toEqual({
      basic: { perSecond: 2, perMinute: 120 },
      default: { perSecond: 5, perMinute: 300 },
      premium: { perSecond: 10, perMinute: 600 },
      'high-volume': { perSecond: 20, perMinute: 1200 },
    });
  });
});

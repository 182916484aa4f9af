import { clientIpBucket, UNKNOWN_CLIENT } from './client-ip.js';

describe('clientIpBucket (the per-IP key of every limiter)', () => {
  it('keeps an IPv4 address as its own bucket, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(clientIpBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientIpBucket('203.0.113.8')).not.toBe(clientIpBucket('203.0.113.7'));
  });

  it('puts two IPv6 addresses of one /64 in one bucket, whatever their spelling', () => {
    const bucket = clientIpBucket('2001:db8:aa:bb::1');
    expect(bucket).toBe('2001:db8:aa:bb::/64');
    expect(clientIpBucket('2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe')).toBe(bucket);
    expect(clientIpBucket('2001:DB8:AA:BB:1:2:3:4')).toBe(bucket);
    expect(clientIpBucket('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('gives another /64 another bucket', () => {
    expect(clientIpBucket('2001:db8:aa:bc::1')).toBe('2001:db8:aa:bc::/64');
    expect(clientIpBucket('2001:db8:aa:bc::1')).not.toBe(clientIpBucket('2001:db8:aa:bb::1'));
  });

  it('shares one bucket for a missing or unreadable address', () => {
    expect(clientIpBucket(undefined)).toBe(UNKNOWN_CLIENT);
    expect(clientIpBucket('')).toBe(UNKNOWN_CLIENT);
    expect(clientIpBucket('not-an-ip')).toBe(UNKNOWN_CLIENT);
  });
});

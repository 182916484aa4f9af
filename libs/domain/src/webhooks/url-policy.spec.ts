import { addressAllowed, checkWebhookUrl, isPublicAddress } from './url-policy.js';

const production = { restricted: true, allowedPorts: [443] };
const local = { restricted: false, allowedPorts: [443] };
const reason = (url: string, policy = production) => {
  const check = checkWebhookUrl(url, policy);
  return check.ok ? 'ok' : check.reason;
};

describe('webhook URL policy', () => {
  it('production accepts public HTTPS URLs and normalises them', () => {
    expect(checkWebhookUrl('https://Merchant.Example.com:443/hooks?x=1#frag', production)).toEqual({
      ok: true,
      url: 'https://merchant.example.com/hooks?x=1',
      hostname: 'merchant.example.com',
      ip: null,
    });
    expect(checkWebhookUrl('https://93.184.216.34/h', production)).toMatchObject({ ok: true, ip: '93.184.216.34' });
  });

  it('production refuses plain HTTP, localhost and every non-public literal address', () => {
    expect(reason('http://merchant.example.com/h')).toBe('url must use HTTPS');
    for (const url of [
      'https://localhost/h',
      'https://api.localhost/h',
      'https://127.0.0.1/h',
      'https://2130706433/h', // 127.0.0.1 in decimal, normalised by the URL parser
      'https://10.1.2.3/h',
      'https://172.16.0.1/h',
      'https://192.168.1.1/h',
      'https://169.254.169.254/latest/meta-data', // cloud metadata
      'https://100.100.100.200/h', // carrier-grade NAT (Alibaba metadata)
      'https://0.0.0.0/h',
      'https://[::1]/h',
      'https://[fe80::1]/h',
      'https://[fd00:ec2::254]/h', // AWS IPv6 metadata (unique local)
      'https://[::ffff:127.0.0.1]/h', // IPv4-mapped loopback
      'https://[::127.0.0.1]/h', // IPv4-compatible (::/96) loopback
      'https://[::a00:1]/h', // IPv4-compatible 10.0.0.1
      'https://[64:ff9b::a00:1]/h', // NAT64 of 10.0.0.1
      'https://[2002:a00:1::1]/h', // 6to4 of 10.0.0.1
    ]) {
      expect([url, reason(url)]).toEqual([url, expect.stringMatching(/loopback, private, link-local or metadata/)]);
    }
  });

  it('outside production accepts any HTTPS URL and plain HTTP only to this machine', () => {
    for (const url of [
      'http://localhost:3000/h',
      'http://127.0.0.1:9/h',
      'http://[::1]:80/h',
      'https://10.0.0.5/h',
      'https://example.com/h',
    ])
      expect([url, reason(url, local)]).toEqual([url, 'ok']);
    expect(reason('http://example.com/h', local)).toMatch(/HTTPS \(plain HTTP is accepted only for localhost/);
    expect(reason('https://example.com:8443/h', local)).toBe('ok');
    expect(reason('http://10.0.0.5/h', local)).toMatch(/HTTPS/);
  });

  it('outside local accepts only the allowed ports (443 by default, explicit or implied)', () => {
    expect(reason('https://example.com:443/h')).toBe('ok');
    for (const url of ['https://example.com:8443/h', 'https://example.com:22/h', 'https://93.184.216.34:6379/h'])
      expect([url, reason(url)]).toEqual([url, 'url must use port 443']);
    const wider = { restricted: true, allowedPorts: [443, 8443] };
    expect(reason('https://example.com:8443/h', wider)).toBe('ok');
    expect(reason('https://example.com/h', wider)).toBe('ok');
    expect(reason('https://example.com:9443/h', wider)).toBe('url must use port 443 or 8443');
  });

  it('refuses what is not an absolute http(s) URL, credentials in the URL and overlong URLs', () => {
    expect(reason('merchant.example.com/h')).toMatch(/absolute http\(s\) URL/);
    expect(reason('ftp://merchant.example.com/h')).toMatch(/absolute http\(s\) URL/);
    expect(reason('javascript:alert(1)')).toMatch(/absolute http\(s\) URL/);
    expect(reason('https://user:pass@merchant.example.com/h')).toMatch(/user name or password/);
    expect(reason(`https://merchant.example.com/${'a'.repeat(2100)}`)).toMatch(/at most 2048/);
  });

  it('judges resolved addresses: only global unicast is public', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700:4700::1111')).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '169.254.169.254',
      '::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '::7f00:1',
      '::0808:0808', // IPv4-compatible, even of a public IPv4 address: deprecated, never a real host
      '224.0.0.1',
      'not-an-ip',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
    expect(addressAllowed('127.0.0.1', local)).toBe(true);
    expect(addressAllowed('127.0.0.1', production)).toBe(false);
  });
});

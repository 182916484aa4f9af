import { PayrailError } from '@payrail/domain';
import { type DnsLookup, DeliveryTargetError, WebhookUrlGuard } from './url-guard.js';

/** A DNS whose answers the test changes (rebinding). */
function fakeDns(answers: Record<string, string[]>): DnsLookup & { answers: Record<string, string[]> } {
  const lookup = ((hostname: string) => {
    const addresses = lookup.answers[hostname];
    if (!addresses) return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as DnsLookup & { answers: Record<string, string[]> };
  lookup.answers = answers;
  return lookup;
}

const message = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (e: Error) => `${e instanceof PayrailError ? e.code : e.name}: ${e.message}`,
  );

const restricted = { restricted: true, allowedPorts: [443] };

describe('webhook URL guard (registration and delivery)', () => {
  it('production registration resolves the host and refuses names pointing anywhere non-public', async () => {
    const dns = fakeDns({
      'hooks.merchant.example': ['93.184.216.34'],
      'internal.merchant.example': ['10.0.0.7'],
      'mixed.merchant.example': ['93.184.216.34', '127.0.0.1'],
      'metadata.merchant.example': ['169.254.169.254'],
      'v6.merchant.example': ['2606:4700::1111'],
      'compat.merchant.example': ['::7f00:1'],
    });
    const guard = new WebhookUrlGuard(restricted, dns);
    expect(await guard.checkRegistration('https://hooks.merchant.example/h')).toBe('https://hooks.merchant.example/h');
    expect(await guard.checkRegistration('https://v6.merchant.example/h')).toBe('https://v6.merchant.example/h');
    for (const host of ['internal', 'mixed', 'metadata', 'compat'])
      expect(await message(guard.checkRegistration(`https://${host}.merchant.example/h`))).toBe(
        'VALIDATION_FAILED: Validation failed: url must not point to a loopback, private, link-local or metadata address',
      );
    expect(await message(guard.checkRegistration('https://nowhere.merchant.example/h'))).toMatch(/does not resolve/);
    expect(await message(guard.checkRegistration('http://hooks.merchant.example/h'))).toMatch(/url must use HTTPS$/);
  });

  it('at delivery it resolves again and pins the checked address: a name rebound to a private address is refused', async () => {
    const dns = fakeDns({ 'hooks.merchant.example': ['93.184.216.34'] });
    const guard = new WebhookUrlGuard(restricted, dns);
    await guard.checkRegistration('https://hooks.merchant.example/h');
    expect(await guard.resolveTarget('https://hooks.merchant.example/h')).toMatchObject({ address: '93.184.216.34', family: 4 });
    dns.answers['hooks.merchant.example'] = ['127.0.0.1'];
    await expect(guard.resolveTarget('https://hooks.merchant.example/h')).rejects.toThrow(
      new DeliveryTargetError('refused by the URL policy: hooks.merchant.example resolves to a non-public address (127.0.0.1)'),
    );
    delete dns.answers['hooks.merchant.example'];
    await expect(guard.resolveTarget('https://hooks.merchant.example/h')).rejects.toThrow(/does not resolve \(ENOTFOUND\)/);
  });

  it('outside production it accepts localhost over HTTP without any DNS check, and connects to its address', async () => {
    const guard = new WebhookUrlGuard({ restricted: false, allowedPorts: [443] }, fakeDns({ localhost: ['127.0.0.1'] }));
    expect(await guard.checkRegistration('http://localhost:3000/h')).toBe('http://localhost:3000/h');
    expect(await guard.resolveTarget('http://localhost:3000/h')).toMatchObject({ address: '127.0.0.1' });
    expect(await guard.resolveTarget('http://[::1]:3000/h')).toMatchObject({ address: '::1', family: 6 });
    expect(await message(guard.checkRegistration('http://example.com/h'))).toMatch(/VALIDATION_FAILED/);
  });

  it('at delivery it refuses a port outside the allowed list and a name resolving into ::/96, before connecting', async () => {
    const dns = fakeDns({ 'hooks.merchant.example': ['93.184.216.34'] });
    const guard = new WebhookUrlGuard(restricted, dns);
    await expect(guard.resolveTarget('https://hooks.merchant.example:6379/h')).rejects.toThrow(
      new DeliveryTargetError('refused by the URL policy: url must use port 443'),
    );
    dns.answers['hooks.merchant.example'] = ['::7f00:1'];
    await expect(guard.resolveTarget('https://hooks.merchant.example/h')).rejects.toThrow(
      new DeliveryTargetError('refused by the URL policy: hooks.merchant.example resolves to a non-public address (::7f00:1)'),
    );
  });
});

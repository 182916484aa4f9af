import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { paymentReferenceTopic } from '../events/fee-proxy-events.js';
import { decodeTronGridPage, TronGridEventSource, tronAddressFromEvent, type TronGridPage } from './trongrid-events.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8')) as TronGridPage;

describe('TronGrid fee-proxy events (recorded responses)', () => {
  it('decodes a TransferWithReferenceAndFee event into base58 addresses and bigint amounts', () => {
    const [transfer, ...others] = decodeTronGridPage(fixture('trongrid-fee-proxy-events.page1.json'));
    expect(others).toEqual([]); // the OwnershipTransferred event is skipped
    expect(transfer).toEqual({
      contract: 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd',
      txHash: '9b3f6f7b7d2a2c6cfd2b4c0d9b7f0b6f2b7e8a4d1c2b3a495867768594a3b2c1',
      logIndex: 1,
      blockNumber: 79216400,
      blockTimestamp: 1763884800000,
      referenceTopic: paymentReferenceTopic('0xb3581f0b0f74cc61'),
      token: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      to: 'TCLBgkbfVkJroVBJVqBEsxtPNQEQMTQCLQ',
      amount: 25_000_000n,
      feeAmount: 250_000n,
      feeAddress: 'TBvJUBXorwBPzqvV38vjDgegj5Eh6g2Tsq',
    });
  });

  it('accepts addresses as 20-byte hex, 41-prefixed hex or base58', () => {
    expect(tronAddressFromEvent('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronAddressFromEvent('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronAddressFromEvent('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });

  it('follows fingerprint paging, confirmed events only, oldest first', async () => {
    const urls: string[] = [];
    const pages = [fixture('trongrid-fee-proxy-events.page1.json'), fixture('trongrid-fee-proxy-events.page2.json')];
    const source = new TronGridEventSource(
      'https://api.trongrid.example/',
      (url) => {
        urls.push(url);
        return Promise.resolve(pages.shift());
      },
      2,
    );
    const transfers = await source.transfersSince('TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd', 1763884700000);
    expect(transfers.map((t) => [t.txHash.slice(0, 6), t.amount])).toEqual([
      ['9b3f6f', 25_000_000n],
      ['222222', 1_000_000n],
    ]);
    expect(urls).toHaveLength(2);
    const first = new URL(urls[0]);
    expect(first.pathname).toBe('/v1/contracts/TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd/events');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      event_name: 'TransferWithReferenceAndFee',
      only_confirmed: 'true',
      order_by: 'block_timestamp,asc',
      min_block_timestamp: '1763884700000',
      limit: '2',
    });
    expect(new URL(urls[1]).searchParams.get('fingerprint')).toBe('2Tq1xVpBf9rGfN3');
  });

  it('refuses an unsuccessful answer', async () => {
    const source = new TronGridEventSource('https://api.trongrid.example', () => Promise.resolve({ success: false, data: [] }));
    await expect(source.transfersSince('TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd', 0)).rejects.toThrow('success=false');
  });
});

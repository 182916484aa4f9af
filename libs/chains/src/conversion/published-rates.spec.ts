import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getAddress } from 'ethers';
import { PRODUCTION_CONTRACTS } from '../contracts.js';
import { CONVERSION_INVOICE_CURRENCIES, isConversionPaymentCurrency } from '../currencies/roles.js';
import { STATIC_CURRENCIES } from '../currencies/static-list.js';
import { NETWORK_NAMES } from '../network-registry.js';
import { FIAT_PATH_DECIMALS, PUBLISHED_USD_RATES, USD_CURRENCY_HASH } from './published-rates.js';

// The source: @requestnetwork/currency's aggregator graphs, copied verbatim into fixtures/ by
// scripts/refresh-rn-aggregators.mjs (npm pack checks the registry's integrity; the hashes of the
// copies are recorded in source.json, so an edited copy fails here).
const DIR = join(import.meta.dirname, 'fixtures', 'rn-aggregators');
const source = JSON.parse(readFileSync(join(DIR, 'source.json'), 'utf8')) as {
  package: string;
  version: string;
  files: Record<string, string>;
};
const graph = (network: string) => JSON.parse(readFileSync(join(DIR, `${network}.json`), 'utf8')) as Record<string, Record<string, number>>;
const hasUsdEdge = (network: string, key: string) => {
  const g = graph(network);
  return g[key]?.[USD_CURRENCY_HASH] !== undefined || g[USD_CURRENCY_HASH]?.[key] !== undefined;
};
const EVM = NETWORK_NAMES.filter((n) => n !== 'tron');

describe('published USD rates (Request Network ChainlinkConversionPath)', () => {
  it('reads a verbatim copy of @requestnetwork/currency aggregator graphs for every EVM network', () => {
    expect(source.package).toBe('@requestnetwork/currency');
    expect(Object.keys(source.files).sort()).toEqual(EVM.map((n) => `${n}.json`).sort());
    for (const [file, sha256] of Object.entries(source.files)) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(DIR, file)))
          .digest('hex'),
      ).toBe(sha256);
    }
  });

  it.each(EVM)('pins well-formed %s entries read through that network’s ChainlinkConversionPath', (network) => {
    const entries = Object.entries(PUBLISHED_USD_RATES[network]);
    expect(entries.length).toBeGreaterThan(0);
    for (const [, feed] of entries) {
      expect(feed.kind).toBe('conversion-path');
      expect(feed.key).toMatch(/^0x[0-9a-f]{40}$/);
      expect(getAddress(feed.conversionPath)).toBe(feed.conversionPath);
      expect(feed.conversionPath).toBe(PRODUCTION_CONTRACTS[network].ChainlinkConversionPath);
    }
  });

  it.each(EVM)('pins on %s only assets the source lists with a USD edge, keyed as the token list names them', (network) => {
    for (const [asset, feed] of Object.entries(PUBLISHED_USD_RATES[network])) {
      expect({ asset, listed: hasUsdEdge(network, feed.key) }).toEqual({ asset, listed: true });
      const currency = STATIC_CURRENCIES.find((c) => c.id === asset);
      expect(currency).toBeDefined();
      if (currency!.type === 'ISO4217') {
        expect({ asset, key: feed.key, decimals: feed.decimals }).toEqual({ asset, key: currency!.hash, decimals: FIAT_PATH_DECIMALS });
      } else {
        expect(currency!.network).toBe(network);
        expect({ asset, key: feed.key, decimals: feed.decimals }).toEqual({
          asset,
          key: currency!.address.toLowerCase(),
          decimals: currency!.decimals,
        });
      }
    }
  });

  it.each(EVM)('misses on %s no invoice currency or conversion payment token the source has a USD rate for', (network) => {
    const candidates = STATIC_CURRENCIES.filter(
      (c) =>
        (c.type === 'ISO4217' && CONVERSION_INVOICE_CURRENCIES.includes(c.symbol) && c.symbol !== 'USD') ||
        (c.network === network && isConversionPaymentCurrency(c)),
    );
    const missing = candidates
      .filter((c) => hasUsdEdge(network, c.type === 'ISO4217' ? c.hash : c.address.toLowerCase()))
      .map((c) => (c.type === 'ISO4217' ? c.symbol : c.id))
      .filter((asset) => !Object.hasOwn(PUBLISHED_USD_RATES[network], asset));
    expect(missing).toEqual([]);
  });

  it('has no rate on tron, where Request Network has no conversion path', () => {
    expect(PUBLISHED_USD_RATES.tron).toEqual({});
  });
});

import { startFakeTronGrid, type FakeTronGrid } from '@payrail/test-support/fake-trongrid.js';
import { TronGridAccountReader } from './trongrid-account.js';
import { httpFetchJson } from './trongrid-events.js';

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PROXY = 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd';
const FUNDED = 'TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oED';

// The reader over real HTTP (global fetch) against a TronGrid stand-in on 127.0.0.1 answering recorded shapes.
describe('TronGridAccountReader over HTTP', () => {
  let grid: FakeTronGrid;
  beforeAll(async () => {
    grid = await startFakeTronGrid();
    grid.accounts.set(FUNDED, 'trongrid-account.funded.json');
    grid.allowances.set(`${USDT}/${FUNDED}/${PROXY}`, 7_000_000n);
  });
  afterEach(() => grid.reset());
  afterAll(() => grid.close());

  it('GETs the account and POSTs the allowance call as JSON, with the API key header on both', async () => {
    const reader = new TronGridAccountReader(grid.url, httpFetchJson(2000, 'test-key'));
    expect(await reader.payer(FUNDED, USDT, PROXY)).toEqual({
      known: true,
      trx: 450_000_000n,
      tokenBalance: 120_000_000n,
      allowance: 7_000_000n,
    });
    expect(grid.requests.map((r) => [r.method, r.path, r.apiKey])).toEqual(
      expect.arrayContaining([
        ['GET', `/v1/accounts/${FUNDED}`, 'test-key'],
        ['POST', '/wallet/triggerconstantcontract', 'test-key'],
      ]),
    );
    expect(grid.requests).toHaveLength(2);
  });

  it('reads the allowance toward the given spender only (another spender has none)', async () => {
    const reader = new TronGridAccountReader(grid.url, httpFetchJson(2000));
    expect(await reader.allowance(USDT, FUNDED, 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV')).toBe(0n);
    expect(grid.requests[0].apiKey).toBeUndefined();
  });

  it('rejects with the HTTP status when TronGrid answers 503, and on timeout when it stalls', async () => {
    grid.mode = 'down';
    await expect(new TronGridAccountReader(grid.url, httpFetchJson(2000)).balances(FUNDED)).rejects.toThrow(
      `TronGrid 503 for /v1/accounts/${FUNDED}`,
    );
    grid.mode = 'stall';
    grid.stallMs = 500;
    await expect(new TronGridAccountReader(grid.url, httpFetchJson(100)).balances(FUNDED)).rejects.toThrow(/timeout|aborted/i);
  });
});

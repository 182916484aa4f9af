import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeConstantUint, decodeTronGridAccount, TronGridAccountReader } from './trongrid-account.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures', name), 'utf8')) as unknown;

const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const USDC = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const PROXY = 'TCUDPYnS9dH3WvFEaE7wN7vnDa51J4R4fd';
const FUNDED = 'TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oED';

describe('TronGrid account answers (recorded shapes)', () => {
  it('reads TRX in SUN and every TRC-20 balance by base58 contract from one account page', () => {
    const account = decodeTronGridAccount(fixture('trongrid-account.funded.json'));
    expect(account.known).toBe(true);
    expect(account.trx).toBe(450_000_000n);
    expect([...account.trc20]).toEqual([
      [USDC, 3_000_000n],
      [USDT, 120_000_000n],
    ]);
  });

  it('reads an account whose page omits `balance` (no TRX) as 0 SUN, keeping its tokens', () => {
    const account = decodeTronGridAccount(fixture('trongrid-account.no-trx.json'));
    expect(account).toMatchObject({ known: true, trx: 0n });
    expect(account.trc20.get(USDT)).toBe(500_000_000n);
  });

  it('reads an address TronGrid does not know (empty data) as an unknown account with zero balances, not an error', () => {
    const account = decodeTronGridAccount(fixture('trongrid-account.unknown.json'));
    expect(account).toEqual({ known: false, trx: 0n, trc20: new Map() });
  });

  it('refuses an answer that is not an account page', () => {
    expect(() => decodeTronGridAccount({ success: false, error: 'rate limited' })).toThrow('unexpected account page');
    expect(() => decodeTronGridAccount({ Error: 'x' })).toThrow('unexpected account page');
  });

  it('reads the uint256 of a constant call, and names the node error of a refused one', () => {
    expect(decodeConstantUint(fixture('trongrid-allowance.json'))).toBe(100_000_000n);
    expect(() => decodeConstantUint(fixture('trongrid-constant-call.no-contract.json'))).toThrow(
      'TronGrid constant call failed: No contract or not a smart contract',
    );
  });

  it('asks for the account and the allowance at once: GET /v1/accounts and one allowance(payer, proxy) constant call', async () => {
    const asked: { url: string; body?: unknown }[] = [];
    const reader = new TronGridAccountReader('https://api.trongrid.example/', (url, body) => {
      asked.push({ url, body });
      return Promise.resolve(fixture(url.includes('/v1/accounts/') ? 'trongrid-account.funded.json' : 'trongrid-allowance.json'));
    });
    const state = await reader.payer(FUNDED, USDT, PROXY);
    expect(state).toEqual({ known: true, trx: 450_000_000n, tokenBalance: 120_000_000n, allowance: 100_000_000n });
    expect(asked).toEqual([
      { url: `https://api.trongrid.example/v1/accounts/${FUNDED}`, body: undefined },
      {
        url: 'https://api.trongrid.example/wallet/triggerconstantcontract',
        body: {
          owner_address: FUNDED,
          contract_address: USDT,
          function_selector: 'allowance(address,address)',
          // the payer's and the proxy's 20 account bytes (0x41 prefix dropped), each in a 32-byte word
          parameter:
            '0000000000000000000000002503bb35970a6dc96af7f2d9ca8004691b743dbd' +
            '0000000000000000000000001b6ca35d39842cf8fbe49000653a1505412da659',
          visible: true,
        },
      },
    ]);
  });

  it('answers zero balances and no allowance for an unknown account even when the constant call fails for it', async () => {
    const reader = new TronGridAccountReader('https://api.trongrid.example', (url) =>
      url.includes('/v1/accounts/') ? Promise.resolve(fixture('trongrid-account.unknown.json')) : Promise.reject(new Error('TronGrid 500')),
    );
    expect(await reader.payer(FUNDED, USDT, PROXY)).toEqual({ known: false, trx: 0n, tokenBalance: 0n, allowance: 0n });
  });

  it('fails when TronGrid fails, and refuses a payer that is not a base58check Tron address before asking', async () => {
    const down = new TronGridAccountReader('https://api.trongrid.example', () =>
      Promise.reject(new Error('TronGrid 503 for /v1/accounts')),
    );
    await expect(down.payer(FUNDED, USDT, PROXY)).rejects.toThrow('TronGrid 503');
    const asked: string[] = [];
    const strict = new TronGridAccountReader('https://api.trongrid.example', (url) => {
      asked.push(url);
      return Promise.resolve(fixture('trongrid-account.funded.json'));
    });
    // one character changed: the base58check checksum no longer matches
    await expect(strict.balances('TDLvUQo3Bt27dpET3dZ17fdyLcYFNQ1oEE')).rejects.toThrow('Not a valid Tron address');
    expect(asked).toEqual([]);
  });
});

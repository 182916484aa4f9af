import type { RecurringPaymentPermit } from '@payrail/permits';
import { Contract, toBeHex, Wallet, type JsonRpcProvider } from 'ethers';
import { waitFor } from '@payrail/devstack';
import { ChainPayer } from '../payments-api/chain-payer.js';

export const DAY_MS = 86_400_000;
/** Six advances of 60 days (two monthly periods: the cap) cover the 330 days of 12 monthly periods. */
export const ADVANCE_DAYS = 60;
export const ADVANCES = 6;
export const PERIODS = 12;
export const AMOUNT_UNITS = 7_500_000n; // 7.5 fUSDC

export interface ApiCall {
  <T>(method: string, path: string, body?: object): Promise<{ status: number; body: T }>;
}

export interface ClockYear {
  clockId: string;
  scheduleId: string;
  payer: ChainPayer;
  payee: string;
  /** ISO 8601 of the clock's start (00:00 UTC tomorrow: ahead of the chain, so the chain moves to it). */
  start: string;
  /** Wall milliseconds of each advance, from the POST to the clock standing ready. */
  advanceMs: number[];
}

/** 00:00 UTC of the day after today. */
export function tomorrow(): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}

export const isoAfter = (start: string, days: number) => new Date(Date.parse(start) + days * DAY_MS).toISOString();

/**
 * The walkthrough of docs/test-clocks.md over HTTP: a clock at tomorrow 00:00 UTC, a monthly
 * schedule of 12 attached to it (approved and signed by a payer of its own, funded on the chain),
 * then 6 advances of 60 days, each awaited until the clock is `ready` again (bounded polling).
 */
export async function runClockYear(call: ApiCall, chain: { rpcUrl: string; provider: JsonRpcProvider; token: string }): Promise<ClockYear> {
  const start = tomorrow().toISOString();
  const clock = await call<{ id: string }>('POST', '/v2/test-clocks', { frozenTime: start, name: 'a year of a monthly plan' });
  if (clock.status !== 201) throw new Error(`POST /v2/test-clocks: ${clock.status} ${JSON.stringify(clock.body)}`);
  const wallet = new Wallet(Wallet.createRandom().privateKey);
  const payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
  await chain.provider.send('anvil_setBalance', [wallet.address, toBeHex(10n ** 18n)]);
  const mint = new Contract(chain.token, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
  await ((await mint(wallet.address, AMOUNT_UNITS * BigInt(PERIODS))) as { wait(): Promise<unknown> }).wait();
  const payee = Wallet.createRandom().address;
  const created = await call<{
    id: string;
    transactions: { to: string; data: string; value: string }[];
    recurringPaymentPermit: RecurringPaymentPermit;
  }>('POST', '/v2/payouts', {
    payee,
    amount: '7.5',
    invoiceCurrency: 'fUSDC-sepolia',
    paymentCurrency: 'fUSDC-sepolia',
    recurrence: {
      startDate: start.slice(0, 10),
      frequency: 'MONTHLY',
      totalPayments: PERIODS,
      payer: wallet.address,
      testClockId: clock.body.id,
    },
  });
  if (created.status !== 201) throw new Error(`POST /v2/payouts: ${created.status} ${JSON.stringify(created.body)}`);
  await payer.submit(created.body.transactions);
  const { domain, types, values } = created.body.recurringPaymentPermit;
  const activated = await call('POST', `/v2/payouts/recurring/${created.body.id}`, {
    permitSignature: await wallet.signTypedData(domain, types, values),
  });
  if (activated.status !== 201) throw new Error(`activation: ${activated.status} ${JSON.stringify(activated.body)}`);
  // Payment 1 is due at the clock's time: executed without an advance.
  await waitFor(
    'payment 1 at the clock’s start',
    async () => {
      const s = await call<{ processedPayments: number }>('GET', `/v2/payouts/recurring/${created.body.id}`);
      return s.body.processedPayments === 1 ? true : undefined;
    },
    60_000,
  );
  const advanceMs: number[] = [];
  for (let k = 1; k <= ADVANCES; k++) {
    const started = Date.now();
    const frozenTime = isoAfter(start, k * ADVANCE_DAYS);
    const res = await call<{ status: string }>('POST', `/v2/test-clocks/${clock.body.id}/advance`, { frozenTime });
    if (res.status !== 202) throw new Error(`advance ${k}: ${res.status} ${JSON.stringify(res.body)}`);
    await waitFor(
      `advance ${k} ready`,
      async () => {
        const c = await call<{ status: string; frozenTime: string }>('GET', `/v2/test-clocks/${clock.body.id}`);
        return c.body.status === 'ready' && c.body.frozenTime === frozenTime ? true : undefined;
      },
      90_000,
    );
    advanceMs.push(Date.now() - started);
  }
  return { clockId: clock.body.id, scheduleId: created.body.id, payer, payee, start, advanceMs };
}

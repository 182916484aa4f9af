import { encodeApprove, encodeRecurringRevoke, type RecurringPaymentPermit } from '@payrail/permits';
import { getAddress, toBeHex, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface RecurringPayout {
  id: string;
  recurringPaymentPermit: RecurringPaymentPermit;
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

// A platform that names a payer's wallet must not learn what other platforms' schedules of that
// wallet still pull: the cancel's approve is computed from the canceller's own schedules only.
describe("recurring cancel: the approve never discloses another platform's schedules of the payer", () => {
  const chain = testStack().chain;
  const payerWallet = Wallet.createRandom();
  let payer: ChainPayer;
  let p: PayoutsApi;
  let victimKey: string;

  const create = async (apiKey: string | undefined, amount: string, payee: string) => {
    const res = await p.call<RecurringPayout>(
      'POST',
      '/v2/payouts',
      {
        payee: getAddress(payee),
        amount,
        invoiceCurrency: 'fUSDC-sepolia',
        paymentCurrency: 'fUSDC-sepolia',
        recurrence: { startDate: tomorrow, frequency: 'DAILY', totalPayments: 3, payer: payerWallet.address },
      },
      apiKey ? { 'x-api-key': apiKey } : undefined,
    );
    expect(res.status).toBe(201);
    const { domain, types, values } = res.body.recurringPaymentPermit;
    const signature = await payerWallet.signTypedData(domain, types, values);
    const activated = await p.call(
      'POST',
      `/v2/payouts/recurring/${res.body.id}`,
      { permitSignature: signature },
      apiKey ? { 'x-api-key': apiKey } : undefined,
    );
    expect(activated.status).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    p = await startPayoutsApi();
    payer = new ChainPayer(chain.rpcUrl, payerWallet.privateKey);
    await payer.provider.send('anvil_setBalance', [payerWallet.address, toBeHex(10n ** 18n)]);
    victimKey = (await createTenant(p.api.app)).apiKey.apiKey;
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  it("lowers the allowance by the cancelled schedule, floored at the canceller's own live schedules, whatever the victim's need", async () => {
    const proxy = chain.contracts.ERC20RecurringPaymentProxy;
    // The victim platform: 3 x 10 fUSDC still to pull from this payer.
    await create(victimKey, '10', '0x00000000000000000000000000000000000d0d01');
    // The prober: its own live schedule of 3 x 1, and the one it cancels: 3 x 20.
    await create(undefined, '1', '0x00000000000000000000000000000000000d0d02');
    const probe = await create(undefined, '20', '0x00000000000000000000000000000000000d0d03');
    // The wallet approved 50 in all (public on chain); the cancelled schedule needed 60.
    await payer.submit([{ to: chain.tokens.USDC, data: encodeApprove(proxy, 50_000_000n), value: '0x0' }]);
    const res = await p.call<{ transactions: unknown[]; metadata: { remainingAmount: string } }>(
      'PATCH',
      `/v2/payouts/recurring/${probe.id}`,
      {
        action: 'cancel',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.metadata.remainingAmount).toBe('60000000');
    // Floored at the prober's own 3 x 1 = 3 fUSDC; before the fix the floor was every platform's: 33 fUSDC.
    expect(res.body.transactions).toEqual([
      { to: chain.tokens.USDC, data: encodeApprove(proxy, 3_000_000n), value: '0x0' },
      { to: proxy, data: encodeRecurringRevoke(probe.recurringPaymentPermit.values), value: '0x0' },
    ]);
  });
});

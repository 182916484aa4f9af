import { encodeApprove, type RecurringPaymentPermit } from '@payrail/permits';
import { getAddress, toBeHex, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { createTenant } from '@payrail/test-support/tenancy/tenants.js';
import { ChainPayer } from '@payrail/test-support/payments-api/chain-payer.js';
import { startPayoutsApi, type PayoutsApi } from '@payrail/test-support/payments-api/payouts-api.js';

interface RecurringPayout {
  id: string;
  transactions: { to: string; data: string; value: string }[];
  recurringPaymentPermit: RecurringPaymentPermit;
  metadata: Record<string, string | number>;
}

const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe("existingPaymentsAmount counts only the caller's own schedules (no cross-platform volume leak)", () => {
  const chain = testStack().chain;
  const subscriber = Wallet.createRandom();
  let p: PayoutsApi;
  let payer: ChainPayer;
  let rival: Awaited<ReturnType<typeof createTenant>>;

  const body = (amount: string, totalPayments = 3) => ({
    payee: getAddress('0x00000000000000000000000000000000000a11ce'),
    amount,
    invoiceCurrency: 'fUSDC-sepolia',
    paymentCurrency: 'fUSDC-sepolia',
    recurrence: { startDate: tomorrow, frequency: 'DAILY', totalPayments, payer: subscriber.address },
  });
  const create = async (headers: Record<string, string>, amount: string) => {
    const res = await p.call<RecurringPayout>('POST', '/v2/payouts', body(amount), headers);
    expect(res.status).toBe(201);
    return res.body;
  };
  const activate = async (headers: Record<string, string>, created: RecurringPayout) => {
    const { domain, types, values } = created.recurringPaymentPermit;
    const res = await p.call(
      'POST',
      `/v2/payouts/recurring/${created.id}`,
      { permitSignature: await subscriber.signTypedData(domain, types, values) },
      headers,
    );
    expect(res.status).toBe(201);
  };

  beforeAll(async () => {
    p = await startPayoutsApi();
    rival = await createTenant(p.api.app);
    payer = new ChainPayer(chain.rpcUrl, subscriber.privateKey);
    await payer.provider.send('anvil_setBalance', [subscriber.address, toBeHex(10n ** 18n)]);
  });
  afterAll(async () => {
    payer?.close();
    await p?.close();
  });

  it("does not tell another platform (or a Client ID) what the subscriber's other schedules pull, and the approve never lowers their allowance", async () => {
    const victim = { 'x-api-key': p.tenant.apiKey.apiKey };
    // The victim platform's subscriber signs a 3 x 1000 fUSDC schedule and approves it.
    const big = await create(victim, '1000');
    await activate(victim, big);
    await payer.submit(big.transactions);
    const proxy = chain.contracts.ERC20RecurringPaymentProxy;
    const approved = await payer.allowance(chain.tokens.USDC, proxy);
    expect(approved).toBe(3_000_000_000n);

    // Another platform names the same wallet: it learns nothing of the victim's 3000 fUSDC.
    const probe = await create({ 'x-api-key': rival.apiKey.apiKey }, '0.000001');
    expect(probe.metadata).toEqual({
      stepsRequired: 2,
      totalNeededAllowance: '3',
      currentAllowance: approved.toString(), // public on chain anyway
      additionalAllowanceNeeded: '3',
      existingPaymentsAmount: '0',
    });
    // Its approve adds its own need on top of what is there, so the victim's schedule stays covered.
    expect(probe.transactions).toEqual([{ to: chain.tokens.USDC, data: encodeApprove(proxy, approved + 3n), value: '0x0' }]);

    // The victim's public Client ID sees only schedules made with it.
    const browser = await create({ 'x-client-id': p.tenant.client.clientId }, '0.000001');
    expect(browser.metadata.existingPaymentsAmount).toBe('0');

    // The owner itself still counts its own live schedule.
    const own = await create(victim, '0.000001');
    expect(own.metadata).toMatchObject({
      existingPaymentsAmount: '3000000000',
      totalNeededAllowance: '3000000003',
      additionalAllowanceNeeded: '3',
    });
    expect(own.transactions).toEqual([{ to: chain.tokens.USDC, data: encodeApprove(proxy, 3_000_000_003n), value: '0x0' }]);
  });
});

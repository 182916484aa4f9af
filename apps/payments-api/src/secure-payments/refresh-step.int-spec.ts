import { encodeApprove } from '@payrail/permits';
import { Contract, getAddress, Wallet } from 'ethers';
import { testStack } from '@payrail/test-support/stack.js';
import { type ApiTransaction, ChainPayer, setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { ORIGIN, PAYMENT, startSecurePaymentsApi, type SecurePaymentsApi } from '@payrail/test-support/payments-api/secure-payments-api.js';

interface Refreshed {
  step: Record<string, unknown>;
  transactionRequest: (ApiTransaction & { chainId: number }) | null;
  metadata: Record<string, unknown>;
  errors?: { field: string; message: string }[];
  message?: string;
}

const SEPOLIA = 11155111;

// POST /v2/secure-payments/{token}/refresh-step-transaction on the real payments-api and the local
// chain: a step rebuilt after the allowance moved, by the pay route's builders.
describe('POST /v2/secure-payments/{token}/refresh-step-transaction: a step rebuilt when the allowance moved', () => {
  const chain = testStack().chain;
  let s: SecurePaymentsApi;
  let payer: ChainPayer;
  const page = { 'x-client-id': '', origin: ORIGIN };
  const step = (type: string, toAddress: string, extra: object = {}) => ({
    id: `${type}-1`,
    type,
    tool: 'erc20-fee-proxy',
    action: { toChainId: SEPOLIA, toAddress },
    ...extra,
  });
  const refresh = (
    token: string,
    body: unknown,
    query = `?wallet=${payer.address}`,
    headers = { ...page, 'x-client-id': s.browser.clientId },
  ) => s.p.call<Refreshed>('POST', `/v2/secure-payments/${token}/refresh-step-transaction${query}`, body, headers);

  beforeAll(async () => {
    s = await startSecurePaymentsApi();
    const wallet = Wallet.createRandom();
    payer = new ChainPayer(chain.rpcUrl, wallet.privateKey);
    await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 20n);
    const mint = new Contract(chain.tokens.USDC, ['function mint(address,uint256)'], payer.signer).getFunction('mint');
    await ((await mint(wallet.address, 10n ** 12n)) as { wait(): Promise<unknown> }).wait();
  });
  afterAll(async () => {
    payer?.close();
    await s?.p.close();
  });

  it('answers the approval while the allowance is short and null once approved; the payment step then pays on chain', async () => {
    const payee = getAddress('0x00000000000000000000000000000000000e5e01');
    const { token } = (await s.create({ requests: [{ ...PAYMENT, payee }] })).body;
    const approval = await refresh(token, { step: step('approval', chain.tokens.USDC) });
    expect(approval.status).toBe(200);
    expect(approval.body.step).toEqual(step('approval', chain.tokens.USDC));
    expect(approval.body.transactionRequest).toEqual({
      to: chain.tokens.USDC,
      data: encodeApprove(chain.contracts.ERC20FeeProxy, 12_500_000n),
      value: 0,
      chainId: SEPOLIA,
    });
    expect(approval.body.metadata).toMatchObject({ needsApproval: true, hasEnoughBalance: true });
    await payer.submit([approval.body.transactionRequest!]);

    const after = await refresh(token, { step: step('approval', chain.tokens.USDC) });
    expect([after.status, after.body.transactionRequest]).toEqual([200, null]);
    expect(after.body.metadata).toMatchObject({ needsApproval: false, stepsRequired: 1 });
    const payment = await refresh(token, { step: step('payment', chain.contracts.ERC20FeeProxy) });
    expect(payment.body.transactionRequest?.to).toBe(chain.contracts.ERC20FeeProxy);
    await payer.submit([payment.body.transactionRequest!]);
    expect(await payer.tokenBalance(chain.tokens.USDC, payee)).toBe(12_500_000n);
  });

  it('refreshes the steps of a batch link: the next ERC-20 approval, then the batch transaction', async () => {
    const links = [];
    for (const n of [1, 2]) {
      const body = {
        recipient: getAddress(`0x00000000000000000000000000000000000e5e1${n}`),
        network: 'sepolia',
        currency: 'fUSDC-sepolia',
        amount: '1',
      };
      links.push(
        (await s.p.call<{ token: string }>('POST', '/v2/secure-payments/payouts', { ...body, creatorWalletAddress: body.recipient })).body
          .token,
      );
    }
    const { token } = (await s.p.call<{ token: string }>('POST', '/v2/secure-payments/batch-payouts', { tokens: links })).body;
    const approval = await refresh(token, { step: step('approval', chain.tokens.USDC) });
    expect(approval.body.transactionRequest).toMatchObject({ to: chain.tokens.USDC, chainId: SEPOLIA });
    const batch = await refresh(token, { step: step('payment', chain.contracts.BatchConversionPayments) });
    expect(batch.body.transactionRequest?.to).toBe(chain.contracts.BatchConversionPayments);
  });

  it("answers 400 'Route no longer available' for another chain, another contract or a Tron payment; 409 closed; 404 unknown; 401 without Origin", async () => {
    const { token } = (await s.create({ requests: [PAYMENT] })).body;
    const chainMoved = await refresh(token, {
      step: { ...step('payment', chain.contracts.ERC20FeeProxy), action: { toChainId: 1, toAddress: chain.contracts.ERC20FeeProxy } },
    });
    expect([chainMoved.status, chainMoved.body.errors]).toEqual([
      400,
      [{ field: 'step.action.toChainId', message: `Route no longer available: this payment runs on chain ${SEPOLIA}` }],
    ]);
    const moved = await refresh(token, { step: step('payment', chain.tokens.USDC) });
    expect([moved.status, moved.body.errors?.[0]]).toEqual([
      400,
      { field: 'step.action.toAddress', message: `Route no longer available: the payment step now calls ${chain.contracts.ERC20FeeProxy}` },
    ]);
    const tron = (
      await s.create({
        requests: [
          { payee: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV', amount: '1', invoiceCurrency: 'USDT-tron', paymentCurrency: 'USDT-tron' },
        ],
      })
    ).body.token;
    expect((await refresh(tron, { step: step('payment', chain.tokens.USDC) }, '')).body.errors?.[0]?.field).toBe('step.action.toChainId');
    expect((await s.p.call('DELETE', `/v2/secure-payments/${token}`)).status).toBe(200);
    expect((await refresh(token, { step: step('payment', chain.contracts.ERC20FeeProxy) })).status).toBe(409);
    expect((await refresh('01ARZ3NDEKTSV4RRFFQ69G5FAV', { step: step('payment', chain.tokens.USDC) })).status).toBe(404);
    const noOrigin = await refresh(tron, { step: step('payment', chain.tokens.USDC) }, '', {
      'x-client-id': s.browser.clientId,
    } as typeof page);
    expect(noOrigin.status).toBe(401);
  });

  it('answers 400 naming each bad field of the step', async () => {
    const { token } = (await s.create({ requests: [PAYMENT] })).body;
    const good = step('payment', chain.contracts.ERC20FeeProxy);
    const cases: [unknown, string][] = [
      [{}, 'step'],
      [{ step: 'x' }, 'step'],
      [{ step: { ...good, id: '' } }, 'step.id'],
      [{ step: { ...good, type: 'swap' } }, 'step.type'],
      [{ step: { ...good, tool: undefined } }, 'step.tool'],
      [{ step: { ...good, action: undefined } }, 'step.action'],
      [{ step: { ...good, action: { ...good.action, toChainId: '11155111' } } }, 'step.action.toChainId'],
      [{ step: { ...good, action: { ...good.action, toAddress: 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV' } } }, 'step.action.toAddress'],
      [{ step: good, other: 1 }, 'other'],
    ];
    for (const [body, field] of cases) {
      const res = await refresh(token, body);
      expect([res.status, res.body.errors?.map((e) => e.field)]).toEqual([400, expect.arrayContaining([field])]);
    }
    expect((await refresh(token, { step: good }, '?wallet=nope')).status).toBe(400);
  });
});

import { ApiError } from '@payrail/web';
import { describe, expect, it } from 'vitest';
import { batchAnswer, pendingPayment, scriptedCalls, singleAnswer } from './fixtures';
import { checkWallet, payabilityOf } from './wallet-check';

const WALLET = '0x1111111111111111111111111111111111111111';
const proof = { 'x-wallet-proof': '0xsig', 'x-wallet-proof-timestamp': '2026-11-28T02:00:00.000Z' };
const decision = (reason: 'no_policy' | 'wallet_not_proven' | 'screened' | 'screening_rejected' | 'screening_unavailable') =>
  pendingPayment({ accessDecision: { status: 'not_evaluated', walletAddress: WALLET, reason } });

describe('checkWallet', () => {
  it('reads the record and the transactions for the wallet, without a proof when the link has no policy', async () => {
    const { calls, log } = scriptedCalls({ record: () => decision('no_policy') });
    let asked = 0;
    const check = await checkWallet(calls, WALLET, () => {
      asked++;
      return Promise.resolve(proof);
    });
    expect(check.blocked).toBeUndefined();
    expect(check).toMatchObject({ payer: { wallet: WALLET }, answer: singleAnswer() });
    expect(asked).toBe(0);
    expect(log).toEqual([
      { call: 'record', proven: false },
      { call: 'pay', proven: false },
    ]);
  });

  it('asks the wallet for a proof when the API says wallet_not_proven, then reads again with it', async () => {
    const { calls, log } = scriptedCalls({ record: (payer) => (payer.proof ? decision('screened') : decision('wallet_not_proven')) });
    const check = await checkWallet(calls, WALLET, () => Promise.resolve(proof));
    expect(check).toMatchObject({ payer: { wallet: WALLET, proof } });
    expect(log.map((l) => `${l.call}:${l.proven}`)).toEqual(['record:false', 'record:true', 'pay:true']);
  });

  it('proves the wallet when the API refuses the typed-in wallet (403), and says not allowed when it still refuses', async () => {
    const refuse = () => {
      throw new ApiError(403, 'Wallet not allowed to pay this link.');
    };
    const { calls, log } = scriptedCalls({ record: refuse });
    expect(await checkWallet(calls, WALLET, () => Promise.resolve(proof))).toEqual({
      blocked: { kind: 'not_allowed', reason: 'Wallet not allowed to pay this link' },
    });
    expect(log.map((l) => l.proven)).toEqual([false, true]);
  });

  it('blocks on a screening answer: rejected, or pending while the screening is unavailable', async () => {
    const rejected = scriptedCalls({ record: () => decision('screening_rejected') });
    expect(await checkWallet(rejected.calls, WALLET, () => Promise.resolve(proof))).toEqual({ blocked: { kind: 'kyt_rejected' } });
    expect(rejected.log.map((l) => l.call)).toEqual(['record']);
    const pending = scriptedCalls({ record: () => decision('screening_unavailable') });
    expect(await checkWallet(pending.calls, WALLET, () => Promise.resolve(proof))).toEqual({ blocked: { kind: 'kyt_pending' } });
  });

  it("says the network's RPC is down on 503 and the payment closed on 409; other failures are thrown", async () => {
    const down = scriptedCalls({
      record: () => decision('no_policy'),
      pay: () => {
        throw new ApiError(503, 'The network sepolia is unavailable.');
      },
    });
    expect(await checkWallet(down.calls, WALLET, () => Promise.resolve(proof))).toEqual({ blocked: { kind: 'rpc_unavailable' } });
    const closed = scriptedCalls({
      record: () => {
        throw new ApiError(409, 'Secure payment already completed.');
      },
    });
    expect(await checkWallet(closed.calls, WALLET, () => Promise.resolve(proof))).toEqual({ blocked: { kind: 'closed' } });
    const broken = scriptedCalls({
      record: () => {
        throw new ApiError(500, 'Internal server error');
      },
    });
    await expect(checkWallet(broken.calls, WALLET, () => Promise.resolve(proof))).rejects.toThrow('Internal server error');
  });

  it('lets a refused proof (the payer rejected the signature) through as the failure it is', async () => {
    const { calls } = scriptedCalls({ record: () => decision('wallet_not_proven') });
    await expect(checkWallet(calls, WALLET, () => Promise.reject(new Error('User rejected the request.')))).rejects.toThrow(
      'User rejected the request.',
    );
  });
});

describe('payabilityOf', () => {
  const evm = (chainId: number | undefined, walletChainId: number | undefined) => ({ kind: 'evm' as const, chainId, walletChainId });

  it('lets a funded wallet pay on the right chain, and on another chain (the action switches it)', () => {
    expect(payabilityOf(singleAnswer(), evm(11155111, 11155111))).toEqual({
      hasEnoughBalance: true,
      hasEnoughGas: true,
      wrongChain: false,
      payable: true,
    });
    expect(payabilityOf(singleAnswer(), evm(11155111, 1))).toMatchObject({ wrongChain: true, payable: true });
  });

  it('stops a wallet short of the token or of gas, and a chain this page does not know', () => {
    expect(payabilityOf(singleAnswer({ hasEnoughBalance: false, hasEnoughGas: true }), evm(1, 1)).payable).toBe(false);
    expect(payabilityOf(batchAnswer(), evm(1, 1))).toMatchObject({ hasEnoughBalance: true, hasEnoughGas: false, payable: false });
    expect(payabilityOf(singleAnswer(), evm(undefined, 1)).payable).toBe(false);
  });

  it('on Tron, only the token balance stops the payer', () => {
    expect(payabilityOf(singleAnswer({ hasEnoughBalance: true, hasEnoughGas: false }), { kind: 'tron' })).toMatchObject({
      wrongChain: false,
      payable: true,
    });
    expect(payabilityOf(singleAnswer({ hasEnoughBalance: false, hasEnoughGas: true }), { kind: 'tron' }).payable).toBe(false);
  });
});

import {
  canonicalPayerWallet,
  effectiveStatus,
  hashWalletAddress,
  invalidationRefusal,
  maskAddress,
  payerAllowed,
  sandboxKytDecision,
  securePaymentQueryErrors,
  statusAfterSettlement,
} from '../index.js';

const EVM = '0x6923831ACf5c327260D7ac7C9DfF5b1c3cB3C7D7';
const TRON = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';

describe('secure payment rules', () => {
  it('reads an open payment past its expiry as expired, never a final one', () => {
    const past = new Date('2026-01-01T00:00:00Z');
    const now = new Date('2026-01-02T00:00:00Z');
    expect(effectiveStatus('pending', past, now)).toBe('expired');
    expect(effectiveStatus('partially_settled', past, now)).toBe('expired');
    expect(effectiveStatus('completed', past, now)).toBe('completed');
    expect(effectiveStatus('pending', now, past)).toBe('pending');
  });

  it('settles: all paid completes, some paid moves only a multicall, final statuses stay', () => {
    expect(statusAfterSettlement('pending', 'single', 1, 1)).toBe('completed');
    expect(statusAfterSettlement('pending', 'single', 1, 2)).toBeUndefined();
    expect(statusAfterSettlement('pending', 'multicall', 1, 2)).toBe('partially_settled');
    expect(statusAfterSettlement('partially_settled', 'multicall', 1, 2)).toBeUndefined();
    expect(statusAfterSettlement('partially_settled', 'multicall', 2, 2)).toBe('completed');
    expect(statusAfterSettlement('invalidated', 'single', 1, 1)).toBeUndefined();
  });

  it('reverses: a completed payment whose payment a reorg took back is open again (multicall: partially settled while some remain paid)', () => {
    expect(statusAfterSettlement('completed', 'single', 0, 1)).toBe('pending');
    expect(statusAfterSettlement('completed', 'multicall', 1, 2)).toBe('partially_settled');
    expect(statusAfterSettlement('completed', 'multicall', 0, 2)).toBe('pending');
    expect(statusAfterSettlement('partially_settled', 'multicall', 0, 2)).toBe('pending');
    expect(statusAfterSettlement('completed', 'multicall', 2, 2)).toBeUndefined();
    expect(statusAfterSettlement('expired', 'single', 0, 1)).toBeUndefined();
  });

  it('lets only open payments be invalidated', () => {
    expect(invalidationRefusal('pending')).toBeUndefined();
    expect(invalidationRefusal('completed')).toBe('Secure payment is completed and can no longer be invalidated');
  });

  it('compares payer wallets canonically: EVM lowercased, Tron case kept', () => {
    expect(canonicalPayerWallet(EVM)).toBe(EVM.toLowerCase());
    expect(canonicalPayerWallet(TRON)).toBe(TRON);
    expect(payerAllowed([EVM.toLowerCase()], EVM)).toBe(true);
    expect(payerAllowed([TRON], TRON.toLowerCase())).toBe(false);
    expect(payerAllowed([], EVM)).toBe(true);
  });

  it('hashes wallets (fixed vector) and masks addresses', () => {
    expect(hashWalletAddress(EVM)).toBe(hashWalletAddress(EVM.toLowerCase()));
    expect(hashWalletAddress('0x0000000000000000000000000000000000000000')).toBe(
      '0fff9ee671b05ea25f58ed9584635fad2558e23c031003fd52d393bff5973fb0',
    );
    expect(maskAddress(EVM)).toBe('0x6923…C7D7');
  });

  it('decides the sandbox KYT by address', () => {
    expect(sandboxKytDecision('0x000000000000000000000000000000000000dEaD').status).toBe('rejected');
    expect(sandboxKytDecision('0x000000000000000000000000000000000000E770').status).toBe('error');
    expect(sandboxKytDecision(EVM)).toEqual({ status: 'approved', provider: 'payrail-sandbox', policyId: null });
  });

  it('applies the query rules, every broken rule named', () => {
    const isAddress = (v: string) => v === EVM || v === TRON;
    expect(securePaymentQueryErrors({ token: 'USDC', chain: 'BASE', wallet: EVM }, isAddress)).toEqual([]);
    expect(securePaymentQueryErrors({ token: 'USDC', eoaWallet: TRON, isSafe: 'true' }, isAddress).map((e) => e.field)).toEqual([
      'token',
      'eoaWallet',
      'wallet',
    ]);
  });
});

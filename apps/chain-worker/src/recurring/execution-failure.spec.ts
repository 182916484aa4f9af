import { afterFailure, classifyFailure } from './execution-failure.js';

describe('recurring execution failures', () => {
  it('names a short balance first, then a short allowance, then the revert', () => {
    expect(classifyFailure({ balance: 9n, allowance: 0n }, 10n, 'X')).toEqual({
      reason: 'Insufficient token balance',
      subStatus: 'insufficient_balance',
    });
    expect(classifyFailure({ balance: 10n, allowance: 9n }, 10n, null)).toEqual({
      reason: 'Insufficient token allowance',
      subStatus: 'insufficient_allowance',
    });
    expect(classifyFailure({ balance: 10n, allowance: 10n }, 10n, 'SignatureExpired')).toEqual({
      reason: 'Transaction reverted: SignatureExpired',
      subStatus: 'execution_reverted',
    });
    expect(classifyFailure({ balance: 10n, allowance: 10n }, 10n, null)).toBeNull();
  });

  it('pauses at the third consecutive failure', () => {
    expect(afterFailure(0)).toEqual({ failureCount: 1, pause: false });
    expect(afterFailure(1)).toEqual({ failureCount: 2, pause: false });
    expect(afterFailure(2)).toEqual({ failureCount: 3, pause: true });
  });
});

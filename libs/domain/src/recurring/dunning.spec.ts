import { afterFailedAttempt, cancelAt, DEFAULT_DUNNING_POLICY, preDueThreshold } from './dunning.js';
import { classifyAttempt, type AttemptSnapshot } from './failure-reasons.js';

const H = 3600;
const D = 86_400;

/** The delays the default policy gives a period failing at every attempt, each attempt made right on time. */
function walk(reason: Parameters<typeof afterFailedAttempt>[1]) {
  const delays: number[] = [];
  const since = 1_000_000;
  let now = since;
  for (let attempts = 1; attempts < 100; attempts++) {
    const step = afterFailedAttempt(DEFAULT_DUNNING_POLICY, reason, attempts, since, now);
    if (step.kind === 'past_due') return { delays, pastDueAfter: now - since };
    delays.push(step.nextAttemptAt - now);
    now = step.nextAttemptAt;
  }
  return { delays, pastDueAfter: null };
}

describe('dunning', () => {
  it('retries after 5 min, 30 min, 2 h, 20 h, then daily, and goes past due once 14 days are used up', () => {
    const { delays, pastDueAfter } = walk('insufficient_balance');
    expect(delays.slice(0, 6)).toEqual([300, 1800, 2 * H, 20 * H, D, D]);
    expect(delays.slice(4).every((d) => d === D)).toBe(true);
    const total = delays.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(14 * D);
    expect(total + D).toBeGreaterThan(14 * D);
    expect(pastDueAfter).toBe(total);
  });

  it('does not retry a revoked allowance, a permit revoked on chain or an expired permit', () => {
    for (const reason of ['allowance_revoked', 'schedule_cancelled_onchain', 'permit_expired'] as const)
      expect(afterFailedAttempt(DEFAULT_DUNNING_POLICY, reason, 1, 0, 0)).toEqual({ kind: 'past_due' });
  });

  it('never makes a schedule past due for the relayer or the RPC: past the grace period it keeps the daily retry', () => {
    expect(afterFailedAttempt(DEFAULT_DUNNING_POLICY, 'gas_unavailable', 30, 0, 20 * D)).toEqual({ kind: 'retry', nextAttemptAt: 21 * D });
    expect(afterFailedAttempt(DEFAULT_DUNNING_POLICY, 'insufficient_balance', 30, 0, 20 * D)).toEqual({ kind: 'past_due' });
  });

  it('follows a platform policy and cancels past-due schedules after its delay (or never)', () => {
    const policy = { retryDelaysSeconds: [60], gracePeriodSeconds: 150, cancelAfterSeconds: null };
    expect(afterFailedAttempt(policy, 'allowance_too_low', 1, 0, 0)).toEqual({ kind: 'retry', nextAttemptAt: 60 });
    expect(afterFailedAttempt(policy, 'allowance_too_low', 2, 0, 60)).toEqual({ kind: 'retry', nextAttemptAt: 120 });
    expect(afterFailedAttempt(policy, 'allowance_too_low', 3, 0, 120)).toEqual({ kind: 'past_due' });
    expect(cancelAt(policy, 500)).toBeNull();
    expect(cancelAt(DEFAULT_DUNNING_POLICY, 500)).toBe(500 + 7 * D);
  });

  it('puts a due time in the 72 h, then the 24 h threshold, and in none before or once due', () => {
    expect(preDueThreshold(100 * H, 0)).toBeNull();
    expect(preDueThreshold(72 * H, 0)).toBe(72);
    expect(preDueThreshold(25 * H, 0)).toBe(72);
    expect(preDueThreshold(24 * H, 0)).toBe(24);
    expect(preDueThreshold(1, 0)).toBe(24);
    expect(preDueThreshold(0, 0)).toBeNull();
  });
});

describe('failure reasons', () => {
  const ok: AttemptSnapshot = {
    screeningBlocked: false,
    revoked: false,
    now: 100,
    deadline: 200,
    balance: 10n,
    allowance: 10n,
    needed: 10n,
    relayerBalance: 5n,
    gasCost: 5n,
  };
  const reason = (s: Partial<AttemptSnapshot>, revert: string | null = null) => classifyAttempt({ ...ok, ...s }, revert)?.subStatus ?? null;

  it('names each reason from the chain state, the subscriber’s decisions first', () => {
    expect(reason({})).toBeNull();
    expect(reason({ screeningBlocked: true, balance: 0n })).toBe('screening_blocked');
    expect(reason({ revoked: true, allowance: 0n })).toBe('schedule_cancelled_onchain');
    expect(reason({ now: 201 })).toBe('permit_expired');
    expect(reason({ allowance: 0n, balance: 0n })).toBe('allowance_revoked');
    expect(reason({ balance: 9n, allowance: 9n })).toBe('insufficient_balance');
    expect(reason({ allowance: 9n })).toBe('allowance_too_low');
    expect(reason({ relayerBalance: 4n })).toBe('gas_unavailable');
    expect(reason({}, 'PermitRevoked')).toBe('schedule_cancelled_onchain');
    expect(reason({}, 'SignatureExpired')).toBe('permit_expired');
    expect(classifyAttempt(ok, 'EnforcedPause')).toEqual({
      subStatus: 'execution_reverted',
      reason: 'Transaction reverted: EnforcedPause',
    });
  });

  it('keeps Request Network’s wording for balance and allowance', () => {
    expect(classifyAttempt({ ...ok, balance: 0n }, null)?.reason).toBe('Insufficient token balance');
    expect(classifyAttempt({ ...ok, allowance: 1n }, null)?.reason).toBe('Insufficient token allowance');
  });
});

import { classifyAttempt, type KytProvider, type PreDueHours, webhookEvent } from '@payrail/domain';
import { schedulePermitDigest, type RecurringPaymentPermit } from '@payrail/permits';
import { appendToOutbox, ClientIdsRepository, type PreDueCandidate, RecurringDunningRepository } from '@payrail/persistence';
import { formatUnits } from 'ethers';
import type { DataSource } from 'typeorm';
import type { RelayerChain } from '../shared/relayer-chain.js';

/** Schedules per JSON-RPC batch: 3 calls each, under ethers' 100 calls per batch. */
export const PRE_DUE_BLOCK = 32;
const HOUR = 3600;
/** Each threshold's window: due within (from, to] hours of chain time. */
const WINDOWS: readonly { hours: PreDueHours; from: number; to: number }[] = [
  { hours: 24, from: 0, to: 24 },
  { hours: 72, from: 24, to: 72 },
];

/**
 * Pre-due checks (issue #37): 72 h and 24 h before a period is due (chain time), the
 * subscriber's balance, allowance and permit are read, a block of schedules per JSON-RPC batch,
 * and `payment.upcoming` (all clear) or `payment.at_risk` (with the reason) is written to the
 * outbox together with the check's row, whose key (schedule, period, threshold) makes it once
 * per period and threshold across replicas and restarts. A period found inside 24 h without its
 * 72 h check only gets the 24 h one.
 */
export class PreDueChecks {
  constructor(
    private readonly db: DataSource,
    private readonly network: string,
    private readonly chain: RelayerChain,
    private readonly kyt: KytProvider | null,
  ) {}

  /** One block per threshold at chain time `now`; answers how many checks were sent. */
  async pass(now: number): Promise<number> {
    let sent = 0;
    for (const w of WINDOWS) {
      const repo = new RecurringDunningRepository(this.db.manager);
      const block = await repo.preDueCandidates(this.network, now + w.from * HOUR, (w.to - w.from) * HOUR, w.hours, PRE_DUE_BLOCK);
      if (block.length === 0) continue;
      const states = await this.chain.subscriberStates(
        block.map((c) => ({
          token: c.token,
          payer: c.payer,
          proxy: c.recurringProxy,
          digest: schedulePermitDigest(c.permit as RecurringPaymentPermit),
        })),
      );
      for (const [i, c] of block.entries()) if (await this.record(c, w.hours, states[i], now)) sent++;
    }
    return sent;
  }

  private async record(
    c: PreDueCandidate,
    hoursBefore: PreDueHours,
    state: { balance: bigint; allowance: bigint; revoked: boolean },
    now: number,
  ): Promise<boolean> {
    const screening = this.kyt ? await this.kyt.screen(c.payer) : null;
    const risk = classifyAttempt(
      {
        screeningBlocked: screening?.status === 'rejected',
        revoked: state.revoked,
        now: c.dueAt, // the permit must still hold when the period is due
        deadline: c.deadline,
        balance: state.balance,
        allowance: state.allowance,
        needed: c.perPayment,
        relayerBalance: 0n,
        gasCost: null,
      },
      null,
    );
    const event = risk ? 'payment.at_risk' : 'payment.upcoming';
    return this.db.transaction(async (m) => {
      const inserted = await new RecurringDunningRepository(m).recordPreDueCheck({
        recurringPaymentId: c.id,
        index: c.index,
        hoursBefore,
        event,
        subStatus: risk?.subStatus ?? null,
        checkedAt: new Date(now * 1000),
      });
      if (!inserted) return false;
      const payload = {
        recurringPaymentId: c.id,
        index: c.index,
        dueAt: new Date(c.dueAt * 1000).toISOString(),
        hoursBefore,
        amount: formatUnits(c.perPayment, c.currencyDecimals),
        paymentCurrency: c.paymentCurrency,
        network: c.network,
        payerAddress: c.payer,
        subStatus: risk?.subStatus ?? null,
        clientId: await new ClientIdsRepository(m).publicClientId(c.clientIdId),
        timestamp: new Date(now * 1000).toISOString(),
      };
      const aggregate = { aggregateType: 'recurring_payment', aggregateId: c.id };
      await appendToOutbox(m, [
        event === 'payment.at_risk'
          ? webhookEvent('payment.at_risk', aggregate, { ...payload }, { platformId: c.platformId })
          : webhookEvent('payment.upcoming', aggregate, { ...payload }, { platformId: c.platformId }),
      ]);
      return true;
    });
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { PayrailRecurringProxies } from '@payrail/chains';
import { baseUnitsRefusal, MAX_RECURRING_BASE_UNITS } from '@payrail/domain';
import { RecurringRepository, type RequestOwner } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { PayerStateReader } from '../../payments/chain/payer-state.reader.js';
import type { InitiatePayoutDto } from '../dto/initiate-payout.dto.js';
import type { RecurrenceDto } from '../dto/recurrence.dto.js';
import { idempotencyScope } from '../../payments/idempotency/credential-scope.js';
import { IdempotencyService, type Outcome, type Prepared } from '../../payments/idempotency/idempotency.service.js';
import { PAYRAIL_RECURRING_PROXIES_TOKEN } from '../payouts.tokens.js';
import { feeTermsFor } from '../../payments/planning/fee-terms.js';
import { ownerOf } from '../../payments/owner.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { payerWalletOn } from '../../payments/planning/payer-wallet.js';
import { PaymentPlanner } from '../../payments/planning/payment-planner.js';
import {
  newRecurringRecord,
  permitFor,
  type RecurringPayoutView,
  type RecurringPlan,
  recurringView,
} from '../recurring/recurring-payout.js';
import { ownRecurringProxyOn } from '../recurring/own-recurring-proxy.js';
import { scheduleTerms } from '../recurring/schedule-terms.js';
import { TestClockAccess } from '../../payments/test-clocks/test-clock-access.js';

export interface InitiateRecurringPayoutCommand {
  caller: Caller;
  /** payee resolved (sent, or the bound destination's: InitiatePayout). */
  body: InitiatePayoutDto & { recurrence: RecurrenceDto; payee: string };
  idempotencyKey?: string;
}

/**
 * POST /v2/payouts with `recurrence` (InitiatePayout hands it over; same idempotency scope and route): resolves the payment like a one-time payout (ERC-20 on an
 * EVM network only), builds the SchedulePermit the payer signs, reads the payer's allowance to
 * the recurring proxy and answers the approve still needed. Stored as `awaiting_signature`.
 * Only on networks where Payrail's own recurring proxy is known (ownRecurringProxyOn).
 */
@Injectable()
export class InitiateRecurringPayout {
  constructor(
    private readonly planner: PaymentPlanner,
    private readonly reader: PayerStateReader,
    private readonly db: DataSource,
    private readonly idempotency: IdempotencyService,
    @Inject(PAYRAIL_RECURRING_PROXIES_TOKEN) private readonly proxies: PayrailRecurringProxies,
    private readonly testClocks: TestClockAccess,
  ) {}

  execute({ caller, body, idempotencyKey }: InitiateRecurringPayoutCommand): Promise<Outcome<RecurringPayoutView>> {
    const owner = ownerOf(caller); // refuses callers that cannot create payouts before any key is read
    return this.idempotency.run({ scope: idempotencyScope(caller), key: idempotencyKey, route: 'POST /v2/payouts', body }, () =>
      this.prepare(caller, owner, body),
    );
  }

  private async prepare(
    caller: Caller,
    owner: RequestOwner,
    body: InitiatePayoutDto & { recurrence: RecurrenceDto; payee: string },
  ): Promise<Prepared<RecurringPayoutView>> {
    const terms = scheduleTerms(body.recurrence);
    const plan = await this.planner.plan(body, feeTermsFor(caller, body));
    const { network, token } = plan;
    if (network.kind !== 'evm' || token === null) {
      throw invalidField('paymentCurrency', 'recurring payouts need an ERC-20 payment currency on an EVM network');
    }
    const tooLarge = baseUnitsRefusal(plan.amount, MAX_RECURRING_BASE_UNITS);
    if (tooLarge) throw invalidField('amount', `amount ${tooLarge} in a recurring payment (the permit's amount is a uint128)`);
    const recurringProxy = ownRecurringProxyOn(this.proxies, network);
    const testClockId = await this.testClockOf(owner, network.name, body.recurrence.testClockId);
    const payer = payerWalletOn(network, body.recurrence.payer)!;
    const schedule: RecurringPlan = {
      id: ulid(),
      owner,
      plan: { ...plan, token },
      network,
      recurringProxy,
      payer,
      frequency: body.recurrence.frequency,
      terms,
      gasFee: 0n,
      reference: body.reference ?? null,
    };
    const permit = permitFor(schedule);
    const [state, existing] = await Promise.all([
      this.reader.read({ network: network.name, payer, tokens: [{ token, spender: recurringProxy }], estimates: [] }),
      new RecurringRepository(this.db.manager).outstandingOwnedBy(owner, network.name, payer, token, recurringProxy),
    ]);
    // Without an RPC endpoint nothing is read: the allowance counts as 0 and the approve is always answered.
    const current = state?.tokens[0]?.allowance ?? 0n;
    const record = { ...newRecurringRecord(schedule, permit), testClockId };
    return {
      response: recurringView(schedule, permit, { current, existing }),
      persist: (manager) => new RecurringRepository(manager).insert(record),
    };
  }

  /** The test clock the schedule attaches to (extension): the platform's own, on the local chain's network; null without one. */
  private async testClockOf(owner: RequestOwner, network: string, id: string | undefined): Promise<string | null> {
    if (id === undefined) return null;
    const clock = await this.testClocks.clock(this.db.manager, owner.platformId, id);
    if (!clock) throw invalidField('recurrence.testClockId', `recurrence.testClockId ${id} is not one of your test clocks`);
    if (network !== this.testClocks.localNetwork) {
      throw invalidField(
        'recurrence.testClockId',
        `a schedule on a test clock runs on the local chain only (${this.testClocks.localNetwork}), not on ${network}`,
      );
    }
    return clock.id;
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { isPayrailRecurringProxy, type PayrailRecurringProxies } from '@payrail/chains';
import { encodeRecurringRevoke } from '@payrail/permits';
import type { RecurringPaymentEntity, RecurringRepository } from '@payrail/persistence';
import { ChainProviders } from '../../payments/chain/chain-providers.js';
import { PAYRAIL_RECURRING_PROXIES_TOKEN } from '../payouts.tokens.js';
import type { RecurringTransaction } from './recurring-payout.js';

/**
 * The execution a cancel found already sent (the cancel response's `inFlightPayment`):
 * `paid` when it was mined (the payment happened and is counted in metadata), `replacing` when it
 * is still pending: the relayer (chain-worker) then sends a 0-value self-transfer with its nonce
 * and higher fees so it is dropped; if it is mined first anyway it is recorded as a payment.
 */
export interface InFlightPayment {
  index: number;
  txHash: string;
  state: 'paid' | 'replacing';
}

/** What a cancel does beyond the status change: the subscriber's revoke transaction and the in-flight report. */
@Injectable()
export class RecurringCancelEffects {
  constructor(
    private readonly providers: ChainProviders,
    @Inject(PAYRAIL_RECURRING_PROXIES_TOKEN) private readonly proxies: PayrailRecurringProxies,
  ) {}

  /**
   * `revoke(permit)` to the proxy, for the subscriber to send: afterwards no execution of this
   * permit succeeds, whoever holds the signature. Only for an activated schedule (a signature
   * exists) on Payrail's own proxy (Request Network's has no revoke).
   */
  revokeTransactions(s: RecurringPaymentEntity): RecurringTransaction[] {
    if (!s.permitSignature || !isPayrailRecurringProxy(this.proxies, s.network, s.recurringProxy)) return [];
    return [{ to: s.recurringProxy, data: encodeRecurringRevoke(s.permit.values), value: '0x0' }];
  }

  /** The schedule's sent, not yet recorded execution, with whether it was mined; null when none (or it reverted: no payment). */
  async inFlight(repo: RecurringRepository, s: RecurringPaymentEntity): Promise<InFlightPayment | null> {
    const execution = await repo.inFlightExecution(s.id);
    if (!execution?.txHash) return null;
    const provider = this.providers.get(s.network);
    // Unreadable receipt (no RPC, RPC down): reported as pending; the relayer settles it either way.
    const receipt = provider ? await provider.getTransactionReceipt(execution.txHash).catch(() => null) : null;
    if (receipt?.status === 0) return null;
    return { index: execution.index, txHash: execution.txHash, state: receipt ? 'paid' : 'replacing' };
  }
}

import { Injectable } from '@nestjs/common';
import { effectiveStatus, PayrailError } from '@payrail/domain';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { Caller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { MulticallAnalytics } from '../views/multicall-analytics.js';
import { childView, multicallView } from '../views/multicall-view.js';

/**
 * GET /v2/secure-payments/multicall-payouts/{token}: the multicall state for a session of the
 * payout's platform (Bearer or session_token cookie); another platform's payout is 404. The
 * analytics' USD values come from the on-chain USD rates (see MulticallAnalytics).
 */
@Injectable()
export class GetMulticall {
  constructor(
    private readonly db: DataSource,
    private readonly analytics: MulticallAnalytics,
  ) {}

  async execute({ caller, token }: { caller: Caller; token: string }): Promise<ReturnType<typeof multicallView>> {
    if (caller.kind !== 'session') throw new PayrailError('UNAUTHENTICATED', 'Missing session');
    const repo = new SecurePaymentsRepository(this.db.manager);
    const payment = await repo.multicallForPlatform(caller.platformId, token);
    if (!payment) throw new PayrailError('NOT_FOUND', 'Multicall payout not found');
    const now = new Date();
    const [children, requests] = await Promise.all([
      repo.childrenOf(payment),
      new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds),
    ]);
    const childByRequest = new Map(children.map((c) => [c.requestIds[0], c]));
    const requestById = new Map(requests.map((r) => [r.id, r]));
    const views = payment.requestIds.map((id, position) => childView(position, id, childByRequest.get(id), requestById.get(id), now));
    const analytics = await this.analytics.of(payment, requests, views.length);
    return multicallView(payment, effectiveStatus(payment.status, payment.expiresAt, now), views, requests, analytics);
  }
}

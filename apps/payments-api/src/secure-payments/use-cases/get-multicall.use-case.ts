import { Injectable } from '@nestjs/common';
import { effectiveStatus, PayrailError } from '@payrail/domain';
import { RequestsRepository, SecurePaymentsRepository } from '@payrail/persistence';
import type { SessionCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { multicallAnalytics } from '../views/multicall-analytics.js';
import { childView, multicallView } from '../views/multicall-view.js';
import { UsdRates } from '../views/usd-rates.js';

/**
 * GET /v2/secure-payments/multicall-payouts/{token}: the multicall state for a session of the
 * payout's platform (Bearer or session_token cookie); another platform's payout is 404. The
 * analytics' and the children's fee plans' USD values come from the on-chain USD rates, read once
 * (see UsdRates).
 */
@Injectable()
export class GetMulticall {
  constructor(
    private readonly db: DataSource,
    private readonly usdRates: UsdRates,
  ) {}

  async execute({ caller, token }: { caller: SessionCaller; token: string }): Promise<ReturnType<typeof multicallView>> {
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
    const rates = await this.usdRates.of(requests);
    const views = payment.requestIds.map((id, position) =>
      childView(position, id, childByRequest.get(id), requestById.get(id), now, rates),
    );
    const analytics = multicallAnalytics(payment, requests, views.length, rates);
    return multicallView(payment, effectiveStatus(payment.status, payment.expiresAt, now), views, requests, analytics);
  }
}

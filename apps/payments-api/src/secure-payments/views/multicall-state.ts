import { Injectable } from '@nestjs/common';
import { effectiveStatus, maskAddress } from '@payrail/domain';
import { RequestsRepository, SecurePaymentsRepository, type RequestEntity, type SecurePaymentEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { multicallAnalytics } from './multicall-analytics.js';
import { childView, multicallView, type MulticallChildView } from './multicall-view.js';
import { type RequestUsdRates, UsdRates } from './usd-rates.js';

export type MulticallStateView = ReturnType<typeof multicallView>;

/** A multicall's children in position order, each with its request (undefined where either is missing). */
export interface MulticallParts {
  children: MulticallChildView[];
  requests: RequestEntity[];
  childByRequest: Map<string, SecurePaymentEntity>;
  requestById: Map<string, RequestEntity>;
  rates: RequestUsdRates;
}

/**
 * The multicall payout state of a payment (spec: Multicall payout state), read for the session
 * route and the hosted page alike. The analytics' and the children's fee plans' USD values come
 * from the on-chain USD rates, read once (see UsdRates). `masked`: payees and fee addresses show
 * only their ends (the page's hidePayeeAddress rule).
 */
@Injectable()
export class MulticallState {
  constructor(
    private readonly db: DataSource,
    private readonly usdRates: UsdRates,
  ) {}

  async of(payment: SecurePaymentEntity, masked = false): Promise<MulticallStateView> {
    const now = new Date();
    const { children, requests, rates } = await this.parts(payment, now, masked);
    const analytics = multicallAnalytics(payment, requests, children.length, rates);
    return multicallView(payment, effectiveStatus(payment.status, payment.expiresAt, now), children, requests, analytics);
  }

  /** The children's views (at `now`) and their requests, with the USD rates when `priced`. */
  async parts(payment: SecurePaymentEntity, now: Date, masked = false, priced = true): Promise<MulticallParts> {
    const repo = new SecurePaymentsRepository(this.db.manager);
    const [children, requests] = await Promise.all([
      repo.childrenOf(payment),
      new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds),
    ]);
    const childByRequest = new Map(children.map((c) => [c.requestIds[0], c]));
    const requestById = new Map(requests.map((r) => [r.id, r]));
    const rates: RequestUsdRates = priced ? await this.usdRates.of(requests) : { rates: new Map() };
    const mask = masked ? maskAddress : undefined;
    const views = payment.requestIds.map((id, position) =>
      childView(position, id, childByRequest.get(id), requestById.get(id), now, rates, mask),
    );
    return { children: views, requests, childByRequest, requestById, rates };
  }
}

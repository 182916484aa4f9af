import { Injectable } from '@nestjs/common';
import { effectiveStatus } from '@payrail/domain';
import { RequestsRepository, type SecurePaymentEntity } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { PageAccess, type PageCommand, securePaymentNotFound } from '../access/page-access.js';
import { batchPaymentView, type BatchPaymentView } from '../views/batch-view.js';
import { MulticallState, type MulticallStateView } from '../views/multicall-state.js';
import { SingleRecordReader } from '../views/single-record.reader.js';
import type { SinglePaymentView } from '../views/single-view.js';

/**
 * GET /v2/secure-payments/{token}: the record for the hosted page (x-client-id + Origin), under the
 * page's access rules (PageAccess: 404 for another Client ID's payment, expiry recorded on read,
 * allowlist 403s, KYT and masking for a proven wallet). A single payment answers the single record
 * (with `paymentOptions` for a named wallet); a multicall token (POST /v2/secure-payments/multicall-payouts)
 * answers the multicall payout state, with payees masked under the same rule; a batch token
 * (POST /v2/secure-payments/batch-payouts) the batch record (views/batch-view.ts).
 */
@Injectable()
export class GetSecurePayment {
  constructor(
    private readonly db: DataSource,
    private readonly access: PageAccess,
    private readonly multicall: MulticallState,
    private readonly single: SingleRecordReader,
  ) {}

  async execute(command: PageCommand): Promise<SinglePaymentView | MulticallStateView | BatchPaymentView> {
    const { payment, proven } = await this.access.load(command, 'record');
    const { declared, decision, masked } = await this.access.decide(payment, proven, command.query);
    if (payment.paymentType === 'multicall') return this.multicall.of(payment, masked);
    if (payment.paymentType === 'batch') {
      const requests = await new RequestsRepository(this.db.manager).byIds({ platformId: payment.platformId }, payment.requestIds);
      return batchPaymentView(payment, requests, effectiveStatus(payment.status, payment.expiresAt, new Date()), { masked, decision });
    }
    const request = await this.requestOf(payment);
    return this.single.of(payment, request, { proven, declared, decision, masked }, command.query);
  }

  private async requestOf(payment: SecurePaymentEntity) {
    const [request] = await new RequestsRepository(this.db.manager).byIds(
      { platformId: payment.platformId },
      payment.requestIds.slice(0, 1),
    );
    if (!request) throw securePaymentNotFound();
    return request;
  }
}

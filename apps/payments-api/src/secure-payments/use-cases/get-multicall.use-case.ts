import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { SecurePaymentsRepository } from '@payrail/persistence';
import type { SessionCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { MulticallState, type MulticallStateView } from '../views/multicall-state.js';

/**
 * GET /v2/secure-payments/multicall-payouts/{token}: the multicall state for a session of the
 * payout's platform (Bearer or session_token cookie); another platform's payout is 404. The
 * analytics' and the children's fee plans' USD values come from the on-chain USD rates, read once
 * (see MulticallState).
 */
@Injectable()
export class GetMulticall {
  constructor(
    private readonly db: DataSource,
    private readonly state: MulticallState,
  ) {}

  async execute({ caller, token }: { caller: SessionCaller; token: string }): Promise<MulticallStateView> {
    const payment = await new SecurePaymentsRepository(this.db.manager).multicallForPlatform(caller.platformId, token);
    if (!payment) throw new PayrailError('NOT_FOUND', 'Multicall payout not found');
    return this.state.of(payment);
  }
}

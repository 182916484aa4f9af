import { Injectable } from '@nestjs/common';
import { DEFAULT_DUNNING_POLICY } from '@payrail/domain';
import { RecurringDunningRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { DunningPolicyDto, DunningPolicyResponseDto } from '../dto/dunning-policy.dto.js';

/** GET /v2/payouts/recurring-dunning-policy: the platform's policy, or the default. */
@Injectable()
export class GetDunningPolicy {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string }): Promise<DunningPolicyResponseDto> {
    const stored = await new RecurringDunningRepository(this.db.manager).policy(command.platformId);
    if (!stored)
      return {
        ...DEFAULT_DUNNING_POLICY,
        retryDelaysSeconds: [...DEFAULT_DUNNING_POLICY.retryDelaysSeconds],
        source: 'default',
        updatedAt: null,
      };
    return {
      retryDelaysSeconds: stored.retryDelaysSeconds,
      gracePeriodSeconds: stored.gracePeriodSeconds,
      cancelAfterSeconds: stored.cancelAfterSeconds,
      source: 'platform',
      updatedAt: stored.updatedAt.toISOString(),
    };
  }
}

/** PUT /v2/payouts/recurring-dunning-policy: replaces the platform's policy; schedules already in dunning follow it from their next failure. */
@Injectable()
export class PutDunningPolicy {
  constructor(
    private readonly db: DataSource,
    private readonly get: GetDunningPolicy,
  ) {}

  async execute(command: { platformId: string; policy: DunningPolicyDto }): Promise<DunningPolicyResponseDto> {
    const { retryDelaysSeconds, gracePeriodSeconds, cancelAfterSeconds } = command.policy;
    await new RecurringDunningRepository(this.db.manager).savePolicy(command.platformId, {
      retryDelaysSeconds,
      gracePeriodSeconds,
      cancelAfterSeconds,
    });
    return this.get.execute({ platformId: command.platformId });
  }
}

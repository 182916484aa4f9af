import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PayersRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import type { ComplianceResult } from '../compliance/compliance-provider.js';
import { applyComplianceChange } from '../compliance/compliance-transition.js';

/** A provider result for one hosted session: the status change and its event, in one transaction. */
@Injectable()
export class ApplyComplianceResult {
  constructor(private readonly db: DataSource) {}

  async execute(result: ComplianceResult): Promise<{ changed: boolean }> {
    return this.db.transaction(async (m) => {
      const payer = await new PayersRepository(m).byProviderSession(result.kind, result.session, true);
      if (!payer) throw new PayrailError('NOT_FOUND', 'Unknown compliance session');
      const change = result.kind === 'kyc' ? { kycStatus: result.status } : { agreementStatus: result.status };
      return { changed: await applyComplianceChange(m, payer, change, result.rawPayload, new Date()) };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { PayersRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { applyComplianceChange } from '../compliance/compliance-transition.js';
import { payerNotFound } from './get-payer-status.use-case.js';

/** PATCH /v2/payer/{clientUserId} `{agreementCompleted: true}`: the platform reports the agreement signed. */
@Injectable()
export class CompleteAgreement {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string; clientUserId: string; agreementCompleted: boolean }): Promise<{ success: true }> {
    await this.db.transaction(async (m) => {
      const payer = await new PayersRepository(m).byClientUserId(command.platformId, command.clientUserId, true);
      if (!payer) throw payerNotFound(command.clientUserId);
      if (command.agreementCompleted) {
        await applyComplianceChange(m, payer, { agreementStatus: 'completed' }, { source: 'api', agreementCompleted: true }, new Date());
      }
    });
    return { success: true };
  }
}

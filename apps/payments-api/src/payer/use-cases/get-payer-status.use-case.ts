import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PayersRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { payerStatusView } from '../payer.views.js';

export const payerNotFound = (clientUserId: string) => new PayrailError('NOT_FOUND', `Payer with client user ID ${clientUserId} not found`);

/** GET /v2/payer/{clientUserId}: the payer's compliance record, for its own platform only. */
@Injectable()
export class GetPayerStatus {
  constructor(private readonly db: DataSource) {}

  async execute(command: { platformId: string; clientUserId: string }) {
    const payer = await new PayersRepository(this.db.manager).byClientUserId(command.platformId, command.clientUserId);
    if (!payer) throw payerNotFound(command.clientUserId);
    return payerStatusView(payer);
  }
}

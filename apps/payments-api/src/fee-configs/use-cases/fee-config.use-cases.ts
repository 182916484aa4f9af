import { Injectable } from '@nestjs/common';
import { parseEvmAddress } from '@payrail/chains';
import { centsToUsd, PayrailError, usdCents } from '@payrail/domain';
import { type FeeConfigOwner, type FeeConfigRecord, FeeConfigsRepository } from '@payrail/persistence';
import { DataSource } from 'typeorm';
import { invalidField } from '../../payments/planning/invalid.js';
import type { FeeConfigDto, FeeConfigResponseDto } from '../dto/fee-config.dto.js';

const viewOf = (record: FeeConfigRecord): FeeConfigResponseDto => ({
  id: record.id,
  bps: record.bps,
  usdCap: record.usdCapCents === null ? null : centsToUsd(record.usdCapCents),
  feeBearer: record.feeBearer,
  evmRecipientAddress: record.evmRecipientAddress,
  tronRecipientAddress: record.tronRecipientAddress,
  status: record.status,
  updatedAt: record.updatedAt.toISOString(),
});

/**
 * A platform's or an orchestrator's fee configuration: read, replace (PUT: the body is the whole
 * configuration), disable. Changes apply to links created afterwards only (a link keeps the fee
 * plan it was created with).
 */
@Injectable()
export class FeeConfigs {
  constructor(private readonly db: DataSource) {}

  async get(owner: FeeConfigOwner): Promise<{ feeConfig: FeeConfigResponseDto | null }> {
    const record = await new FeeConfigsRepository(this.db.manager).of(owner);
    return { feeConfig: record && viewOf(record) };
  }

  async put(owner: FeeConfigOwner, body: FeeConfigDto): Promise<FeeConfigResponseDto> {
    const evm = body.evmRecipientAddress ?? null;
    const tron = body.tronRecipientAddress ?? null;
    if (evm === null && tron === null)
      throw invalidField('evmRecipientAddress', 'evmRecipientAddress or tronRecipientAddress is required (where the fee is paid)');
    const cap = body.usdCap === undefined || body.usdCap === null ? null : usdCents(body.usdCap);
    if (cap === 0n) throw invalidField('usdCap', 'usdCap must be more than 0 (omit it for no cap)');
    const record = await new FeeConfigsRepository(this.db.manager).put(owner, {
      bps: body.bps,
      usdCapCents: cap,
      feeBearer: body.feeBearer,
      evmRecipientAddress: evm === null ? null : parseEvmAddress(evm)!,
      tronRecipientAddress: tron,
      status: body.status ?? 'active',
    });
    return viewOf(record);
  }

  async disable(owner: FeeConfigOwner): Promise<FeeConfigResponseDto> {
    const repository = new FeeConfigsRepository(this.db.manager);
    if (!(await repository.disable(owner))) throw new PayrailError('NOT_FOUND', 'No fee configuration to disable');
    return viewOf((await repository.of(owner))!);
  }
}

import { Injectable } from '@nestjs/common';
import { CurrencyRegistry } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { PayeeDestinationsRepository } from '@payrail/persistence';
import type { PlatformCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { ulid } from 'ulid';
import { newDestination } from '../../payments/destinations/payee-destination.js';
import { invalidField } from '../../payments/planning/invalid.js';
import { destinationOwnerOf } from '../destination-caller.js';
import { destinationView } from '../destination-view.js';
import type { CreatePayeeDestinationDto, PayeeDestinationDto } from '../dto/payee-destination.dto.js';

/** Destinations a platform may hold, active or not (the list is one page). */
export const MAX_DESTINATIONS_PER_PLATFORM = 200;

/**
 * POST /v2/payee-destination: stores `{wallet, network, token, label}` under Request Network's
 * destination id; the same destination again reactivates it (label replaced when one is sent).
 */
@Injectable()
export class CreatePayeeDestination {
  constructor(
    private readonly db: DataSource,
    private readonly registry: CurrencyRegistry,
  ) {}

  async execute({ caller, body }: { caller: PlatformCaller; body: CreatePayeeDestinationDto }): Promise<PayeeDestinationDto> {
    const { platformId, sessionWallet } = destinationOwnerOf(caller);
    const walletAddress = body.walletAddress ?? sessionWallet;
    if (!walletAddress) throw invalidField('walletAddress', 'walletAddress is required');
    const fields = newDestination(this.registry, { ...body, walletAddress });
    return this.db.transaction(async (m) => {
      const repo = new PayeeDestinationsRepository(m);
      // One platform's creations are serialised here, so the cap holds under concurrency.
      await repo.lockPlatform(platformId);
      const existing = await repo.byDestinationId(platformId, fields.destinationId);
      if (!existing && (await repo.count(platformId)) >= MAX_DESTINATIONS_PER_PLATFORM)
        throw new PayrailError('CONFLICT', `A platform holds at most ${MAX_DESTINATIONS_PER_PLATFORM} payee destinations`);
      const { destination } = await repo.upsert({ id: ulid(), platformId, ...fields });
      return destinationView(destination);
    });
  }
}

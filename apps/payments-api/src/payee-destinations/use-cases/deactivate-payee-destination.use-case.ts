import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { PayeeDestinationsRepository } from '@payrail/persistence';
import type { PlatformCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { canonicalDestinationId } from '../../payments/destinations/payee-destination.js';
import { destinationOwnerOf } from '../destination-caller.js';
import { destinationView } from '../destination-view.js';
import type { PayeeDestinationDto } from '../dto/payee-destination.dto.js';

/**
 * DELETE /v2/payee-destination/{destinationId}: deactivates (the record stays; idempotent). New
 * secure payments, and Client IDs bound to it, can no longer use it; links already created keep
 * paying the wallet they were created for. POST of the same destination reactivates it.
 */
@Injectable()
export class DeactivatePayeeDestination {
  constructor(private readonly db: DataSource) {}

  async execute({ caller, destinationId }: { caller: PlatformCaller; destinationId: string }): Promise<PayeeDestinationDto> {
    const { platformId } = destinationOwnerOf(caller);
    const id = canonicalDestinationId(destinationId, 'destinationId');
    const found = await new PayeeDestinationsRepository(this.db.manager).deactivate(platformId, id);
    if (!found) throw new PayrailError('NOT_FOUND', 'Payee destination not found');
    return destinationView(found);
  }
}

import { Injectable } from '@nestjs/common';
import { parseEvmAddress } from '@payrail/chains';
import { PayeeDestinationsRepository } from '@payrail/persistence';
import type { PlatformCaller } from '@payrail/platform';
import { DataSource } from 'typeorm';
import { destinationOwnerOf } from '../destination-caller.js';
import { destinationView } from '../destination-view.js';
import type { ListPayeeDestinationsQueryDto, PayeeDestinationListDto } from '../dto/payee-destination.dto.js';

/** GET /v2/payee-destination: the platform's destinations, newest first (at most MAX_DESTINATIONS_PER_PLATFORM). */
@Injectable()
export class ListPayeeDestinations {
  constructor(private readonly db: DataSource) {}

  async execute({ caller, query }: { caller: PlatformCaller; query: ListPayeeDestinationsQueryDto }): Promise<PayeeDestinationListDto> {
    const { platformId } = destinationOwnerOf(caller);
    const active = query.active === undefined ? undefined : query.active === 'true';
    // Stored wallets are canonical: EIP-55 for EVM (any case is accepted here), base58 as given for Tron.
    const walletAddress = query.walletAddress === undefined ? undefined : (parseEvmAddress(query.walletAddress) ?? query.walletAddress);
    const rows = await new PayeeDestinationsRepository(this.db.manager).list(platformId, { walletAddress, active });
    return { destinations: rows.map(destinationView) };
  }
}

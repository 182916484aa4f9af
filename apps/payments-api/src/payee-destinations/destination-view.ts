import type { PayeeDestinationRow } from '@payrail/persistence';
import { interopOf, storedDestination } from '../payments/destinations/payee-destination.js';
import type { PayeeDestinationDto } from './dto/payee-destination.dto.js';

/** The answer shape of a destination. */
export function destinationView(d: PayeeDestinationRow): PayeeDestinationDto {
  return {
    id: d.id,
    destinationId: d.destinationId,
    walletAddress: d.walletAddress,
    tokenAddress: d.tokenAddress,
    chainId: d.chainId,
    network: d.network,
    currency: d.currencyId,
    label: d.label,
    ...interopOf(storedDestination(d)),
    active: d.active,
    createdAt: d.createdAt.toISOString(),
    deactivatedAt: d.deactivatedAt?.toISOString() ?? null,
  };
}

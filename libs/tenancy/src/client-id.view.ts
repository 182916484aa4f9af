import type { ClientIdEntity } from '@payrail/persistence';

/** How a Client ID is shown to its owner. */
export function clientIdView(c: ClientIdEntity) {
  return {
    id: c.id,
    clientId: c.clientId,
    platformId: c.platformId,
    label: c.label,
    allowedDomains: c.allowedOrigins,
    status: c.status,
    rateTier: c.rateTier,
    feePercentage: c.feePercentage,
    feeAddress: c.feeAddress,
    payeeDestinationId: c.payeeDestinationId,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export type ClientIdView = ReturnType<typeof clientIdView>;

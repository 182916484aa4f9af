import { parseDestinationId } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';
import { PayeeDestinationsRepository } from '@payrail/persistence';
import type { EntityManager } from 'typeorm';

const refuse = (message: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${message}`, { fields: [{ field: 'payeeDestinationId', message }] });

/**
 * The destination id a Client ID is bound to, canonical: one of the platform's active payee
 * destinations (POST /v2/payee-destination), or a 400 naming payeeDestinationId. null unbinds.
 */
export async function payeeDestinationToBind(manager: EntityManager, platformId: string, text: string | null): Promise<string | null> {
  if (text === null) return null;
  const parsed = parseDestinationId(text);
  if (!parsed) throw refuse('payeeDestinationId must be a destination id, <wallet>@eip155:<chainId>#<checksum>:<tokenAddress>');
  const found = await new PayeeDestinationsRepository(manager).byDestinationId(platformId, parsed.destinationId);
  if (!found) throw refuse('payeeDestinationId is not a payee destination of this platform (see GET /v2/payee-destination)');
  if (!found.active) throw refuse('payeeDestinationId names a deactivated payee destination');
  return found.destinationId;
}

import { PayrailError } from '@payrail/domain';
import type { PlatformCaller } from '@payrail/platform';

/**
 * The platform whose destinations the caller manages: its API key, or a wallet session of its
 * account (spec: a wallet session is required to manage payee destinations; an e-mail session is 403).
 */
export function destinationOwnerOf(caller: PlatformCaller): { platformId: string; sessionWallet: string | null } {
  if (caller.kind === 'api-key') return { platformId: caller.platformId, sessionWallet: null };
  if (caller.sessionKind !== 'wallet') throw new PayrailError('FORBIDDEN', 'A wallet session is required to manage payee destinations');
  return { platformId: caller.platformId, sessionWallet: caller.walletAddress };
}

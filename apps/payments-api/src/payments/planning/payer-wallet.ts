import { detectAddressKind, type NetworkInfo, parseEvmAddress } from '@payrail/chains';
import { PayrailError } from '@payrail/domain';

/**
 * The payer wallet as an account of the payment network, or null without one. A wallet that is
 * not an account of that network (a Tron wallet for an EVM payment, an EVM wallet for a Tron
 * payment) is the spec's 404 "Wallet not found": it cannot hold, approve or pay the currency.
 */
export function payerWalletOn(network: NetworkInfo, wallet: string | undefined): string | null {
  if (wallet === undefined) return null;
  const kind = detectAddressKind(wallet);
  if (kind !== network.kind) throw new PayrailError('NOT_FOUND', 'Wallet not found');
  return kind === 'evm' ? parseEvmAddress(wallet)! : wallet;
}

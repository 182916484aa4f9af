import { isEvmAddress } from './evm.js';
import { isTronAddress } from './tron.js';

export type AddressKind = 'evm' | 'tron';

/** Which kind of wallet address a string is (by format and checksum), or undefined for neither. */
export function detectAddressKind(value: unknown): AddressKind | undefined {
  if (isEvmAddress(value)) return 'evm';
  if (isTronAddress(value)) return 'tron';
  return undefined;
}

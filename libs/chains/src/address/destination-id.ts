import { isTronAddress, parseEvmAddress } from '@payrail/domain';
import { TRON_NETWORK } from '../networks.js';
import { evmInteropName, parseInteropName, tronInteropName } from './interop.js';

/**
 * Request Network's payee destination id: the payee's ERC-7828 interoperable name, `:`, and the
 * token it is paid in, e.g. `0x6923…C7D7@eip155:8453#6D3E8A57:0x8335…2913`. Under Tron's chain id
 * (eip155:728126428) both the wallet and the token are base58check `T…` strings.
 */
export interface DestinationIdParts {
  /** The ERC-7828 name (`<wallet>@eip155:<chainId>#<checksum>`). */
  interopName: string;
  chainId: number;
  /** EIP-55 for an EVM chain, base58check `T…` for Tron. */
  walletAddress: string;
  /** EIP-55 for an EVM chain, base58check `T…` for Tron. */
  tokenAddress: string;
  checksum: string;
}

function canonicalToken(chainId: number, token: string): string | undefined {
  if (chainId === TRON_NETWORK.chainId) return isTronAddress(token) ? token : undefined;
  return parseEvmAddress(token);
}

/** The destination id of `walletAddress` receiving `tokenAddress` on `chainId` (throws on an invalid address). */
export function destinationIdOf(walletAddress: string, chainId: number, tokenAddress: string): string {
  const token = canonicalToken(chainId, tokenAddress);
  if (!token) throw new Error(`Not a token address on chain ${chainId}: ${tokenAddress}`);
  const name = chainId === TRON_NETWORK.chainId ? tronInteropName(walletAddress) : evmInteropName(walletAddress, chainId);
  return `${name}:${token}`;
}

/**
 * Parses a destination id (the checksum may be left out, as ERC-7828 allows; a given one must
 * match) into its canonical parts; undefined for anything malformed. Lower-case hex addresses are
 * accepted and canonicalised, so `parseDestinationId(id)?.destinationId` is the stored form.
 */
export function parseDestinationId(text: string): (DestinationIdParts & { destinationId: string }) | undefined {
  if (typeof text !== 'string' || text.length > 300) return undefined;
  const cut = text.lastIndexOf(':');
  if (cut < 0) return undefined;
  const interop = parseInteropName(text.slice(0, cut));
  if (!interop) return undefined;
  const tokenAddress = canonicalToken(interop.chainId, text.slice(cut + 1));
  if (!tokenAddress) return undefined;
  const walletAddress = interop.tronAddress ?? interop.evmAddress;
  const interopName = `${walletAddress}@eip155:${interop.chainId}#${interop.checksum}`;
  return {
    interopName,
    chainId: interop.chainId,
    walletAddress,
    tokenAddress,
    checksum: interop.checksum,
    destinationId: `${interopName}:${tokenAddress}`,
  };
}

import { getAddress, getBytes, hexlify, keccak256, toBeArray } from 'ethers';
import { TRON_NETWORK } from '../networks.js';
import { isTronAddress, parseEvmAddress, tronFromHex, tronToEvmAddress } from '@payrail/domain';

/**
 * ERC-7930 interoperable addresses and their ERC-7828 text form, `<address>@<chain>#<checksum>`,
 * for the eip155 namespace (CAIP-350 profile: the chain reference is the chain id as minimal
 * big-endian bytes, the address its 20 bytes).
 *
 * Binary v1: Version (0x0001) | ChainType (0x0000 = eip155) | ChainReferenceLength | ChainReference |
 * AddressLength (20) | Address. Checksum: the first 4 bytes of keccak256 over everything after the
 * version, as 8 uppercase hex digits.
 *
 * Tron destinations live under `eip155:728126428` (Tron's chain id). Their binary address is the
 * 20 account bytes without Tron's 0x41 version byte; the text form we render keeps the address a
 * Tron user recognises, the base58check `T…` string (its alphabet fits ERC-7930's address syntax):
 *   `TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t@eip155:728126428#<checksum of the 20-byte binary>`.
 * The parser also accepts the hex form of the same 20 bytes there; both give the same checksum.
 */
const VERSION_1 = '0001';
const CHAIN_TYPE_EIP155 = '0000';
const NAME = /^([.\-:_%a-zA-Z0-9]+)@eip155:([1-9][0-9]{0,19})(?:#([0-9A-F]{8}))?$/;

export interface InteropAddress {
  chainId: number;
  /** EIP-55 form of the 20 address bytes. */
  evmAddress: string;
  /** Base58check form, for addresses under Tron's chain id. */
  tronAddress?: string;
  checksum: string;
}

function body(chainId: number, evmAddress: string): string {
  const chainRef = toBeArray(BigInt(chainId));
  const address = getBytes(evmAddress);
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  return CHAIN_TYPE_EIP155 + hex(chainRef.length) + hexlify(chainRef).slice(2) + hex(address.length) + hexlify(address).slice(2);
}

/** The ERC-7930 v1 binary interoperable address as 0x-prefixed lowercase hex. */
export function interopAddressBinary(chainId: number, evmAddress: string): string {
  return '0x' + VERSION_1 + body(chainId, getAddress(evmAddress));
}

export function interopChecksum(chainId: number, evmAddress: string): string {
  return keccak256('0x' + body(chainId, getAddress(evmAddress)))
    .slice(2, 10)
    .toUpperCase();
}

/** `0xAbC…@eip155:<chainId>#CHECKSUM` for an EVM address (throws on an invalid one). */
export function evmInteropName(evmAddress: string, chainId: number): string {
  const address = parseEvmAddress(evmAddress);
  if (!address) throw new Error(`Not a valid EVM address: ${evmAddress}`);
  return `${address}@eip155:${chainId}#${interopChecksum(chainId, address)}`;
}

/** `T…@eip155:728126428#CHECKSUM` for a Tron destination (throws on an invalid address). */
export function tronInteropName(tronAddress: string): string {
  if (!isTronAddress(tronAddress)) throw new Error(`Not a valid Tron address: ${String(tronAddress)}`);
  return `${tronAddress}@eip155:${TRON_NETWORK.chainId}#${interopChecksum(TRON_NETWORK.chainId, tronToEvmAddress(tronAddress))}`;
}

/**
 * Parses `<address>@eip155:<chainId>[#CHECKSUM]`; a given checksum must match (ERC-7828 lets the
 * checksum be left out, then it is computed). Returns undefined for anything invalid.
 */
export function parseInteropName(name: string): InteropAddress | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, addressText, chainText, given] = match;
  const chainId = Number(chainText);
  if (!Number.isSafeInteger(chainId)) return undefined;
  const isTronChain = chainId === TRON_NETWORK.chainId;
  const evmAddress = isTronChain && isTronAddress(addressText) ? tronToEvmAddress(addressText) : parseEvmAddress(addressText);
  if (!evmAddress) return undefined;
  const checksum = interopChecksum(chainId, evmAddress);
  if (given !== undefined && given !== checksum) return undefined;
  return { chainId, evmAddress, checksum, ...(isTronChain ? { tronAddress: tronFromHex(evmAddress) } : {}) };
}

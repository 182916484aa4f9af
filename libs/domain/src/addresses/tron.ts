import { decodeBase58Address, getBase58CheckAddress, isAddressValid } from 'tronweb/utils';
import { getAddress, getBytes, hexlify } from 'ethers';

/** Tron's version byte: every mainnet address is 0x41 followed by 20 bytes. */
export const TRON_ADDRESS_PREFIX = 0x41;

/** "T" and 33 more characters of the bitcoin base58 alphabet (no 0, O, I, l). */
const TRON_BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_HEX = /^(0x)?41[0-9a-fA-F]{40}$/;

/**
 * True for a base58check Tron address ("T…"): right alphabet and length, 0x41 version byte and a
 * valid double-SHA256 checksum (tronweb's `isAddressValid` does the base58check part).
 */
export function isTronAddress(value: unknown): value is string {
  return typeof value === 'string' && TRON_BASE58.test(value) && isAddressValid(value);
}

/** The 21 address bytes (0x41 + 20) of a base58 Tron address, as "0x41…" lowercase hex. */
export function tronToHex(base58: string): string {
  if (!isTronAddress(base58)) throw new Error(`Not a valid Tron address: ${String(base58)}`);
  return hexlify(Uint8Array.from(decodeBase58Address(base58) as number[]));
}

/** The 20-byte account part of a Tron address as an EIP-55 EVM address (how TVM contracts see it). */
export function tronToEvmAddress(base58: string): string {
  return getAddress('0x' + tronToHex(base58).slice(4));
}

/**
 * The base58check form of a Tron address given as hex: "41…"/"0x41…" (21 bytes) or a 20-byte
 * EVM-style "0x…" address, which gets the 0x41 prefix.
 */
export function tronFromHex(hex: string): string {
  let bytes: string;
  if (TRON_HEX.test(hex)) bytes = hex.replace(/^0x/, '');
  else if (/^0x[0-9a-fA-F]{40}$/.test(hex)) bytes = '41' + hex.slice(2);
  else throw new Error(`Not a Tron or EVM hex address: ${hex}`);
  return getBase58CheckAddress(Array.from(getBytes('0x' + bytes)));
}

import { sha256 } from '@noble/hashes/sha2';
import { createBase58check } from '@scure/base';
import { getAddress, getBytes, hexlify } from 'ethers';

// Tron addresses are base58check (Bitcoin's alphabet, a 4-byte double-SHA-256 checksum) over 21
// bytes: @scure/base does the encoding, @noble/hashes the hash. tronweb would do the same but
// loads some 540 modules (half a second of CPU at every process start) for it.
const base58check = createBase58check(sha256);

/** Tron's version byte: every mainnet address is 0x41 followed by 20 bytes. */
export const TRON_ADDRESS_PREFIX = 0x41;

/** "T" and 33 more characters of the bitcoin base58 alphabet (no 0, O, I, l). */
const TRON_BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const TRON_HEX = /^(0x)?41[0-9a-fA-F]{40}$/;

/** The 21 bytes of a base58check string, or null when its checksum or length is wrong. */
function decodeTron(value: string): Uint8Array | null {
  try {
    const bytes = base58check.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_ADDRESS_PREFIX ? bytes : null;
  } catch {
    return null;
  }
}

/**
 * True for a base58check Tron address ("T…"): right alphabet and length, 0x41 version byte and a
 * valid double-SHA256 checksum.
 */
export function isTronAddress(value: unknown): value is string {
  return typeof value === 'string' && TRON_BASE58.test(value) && decodeTron(value) !== null;
}

/** The 21 address bytes (0x41 + 20) of a base58 Tron address, as "0x41…" lowercase hex. */
export function tronToHex(base58: string): string {
  if (!isTronAddress(base58)) throw new Error(`Not a valid Tron address: ${String(base58)}`);
  return hexlify(decodeTron(base58) as Uint8Array);
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
  return base58check.encode(getBytes('0x' + bytes));
}

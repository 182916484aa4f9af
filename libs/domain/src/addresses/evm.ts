import { getAddress } from 'ethers';

/** 0x and 40 hex digits; ethers' own check would also take ICAP ("XE…") forms, which we do not. */
const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/**
 * The EIP-55 checksummed form of an EVM address, or undefined when the value is not one.
 * All-lowercase (and all-uppercase) hex is accepted and checksummed; mixed case must carry a
 * valid checksum (ethers `getAddress` rejects a bad one).
 */
export function parseEvmAddress(value: unknown): string | undefined {
  if (typeof value !== 'string' || !EVM_HEX.test(value)) return undefined;
  try {
    return getAddress(value);
  } catch {
    return undefined; // bad mixed-case checksum
  }
}

export function isEvmAddress(value: unknown): value is string {
  return parseEvmAddress(value) !== undefined;
}

/** Like parseEvmAddress, but throws on anything that is not a valid EVM address. */
export function toChecksumAddress(value: string): string {
  const address = parseEvmAddress(value);
  if (address === undefined) throw new Error(`Not a valid EVM address: ${value}`);
  return address;
}

/** True when both are valid EVM addresses of the same account (case-insensitive). */
export function sameEvmAddress(a: string, b: string): boolean {
  const x = parseEvmAddress(a);
  return x !== undefined && x === parseEvmAddress(b);
}

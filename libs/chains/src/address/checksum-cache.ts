import { getAddress } from 'ethers';

/** Addresses remembered; past this the memo starts again (a block repeats a few tokens, proxies, payers and payees). */
const LIMIT = 20_000;
const memo = new Map<string, string>();

/**
 * ethers' `getAddress` (checksummed, throws on an invalid address), remembered by the address as
 * given: a block of 500 payments names the same tokens, proxies and payers hundreds of times, and
 * each checksum is a keccak256 in JavaScript.
 */
export function checksumAddress(address: string): string {
  const known = memo.get(address);
  if (known !== undefined) return known;
  const checksummed = getAddress(address);
  if (memo.size >= LIMIT) memo.clear();
  memo.set(address, checksummed);
  return checksummed;
}

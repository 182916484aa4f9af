import ipaddr from 'ipaddr.js';

/** Bucket of every request whose client address is missing or unreadable. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * The rate-limit bucket of a client address, used by every per-IP limiter: an IPv4 address
 * (an IPv4-mapped IPv6 address counts as its IPv4 form) is its own bucket; an IPv6 address is
 * bucketed by its /64, since one subscriber usually holds a whole /64 and could otherwise
 * rotate through 2^64 addresses to escape any per-address limit.
 */
export function clientIpBucket(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return UNKNOWN_CLIENT;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const network = new ipaddr.IPv6([...(address as ipaddr.IPv6).parts.slice(0, 4), 0, 0, 0, 0]); // zone id dropped
  return `${network.toString()}/64`;
}

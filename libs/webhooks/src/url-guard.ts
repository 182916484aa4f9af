import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { addressAllowed, checkWebhookUrl, PayrailError, type WebhookUrlPolicy } from '@payrail/domain';

/** Name resolution (a port, so tests can play DNS rebinding). */
export type DnsLookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const WEBHOOK_DNS_LOOKUP = Symbol('WEBHOOK_DNS_LOOKUP');

export const systemDnsLookup: DnsLookup = (hostname) => lookup(hostname, { all: true, verbatim: true });

/** Where one attempt connects: the URL, and the address checked for it (the connection is pinned to it). */
export interface DeliveryTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * No allowed address to connect to at delivery time (the policy refuses it, or the name does
 * not resolve); the attempt fails like any other and is retried (DNS answers change).
 */
export class DeliveryTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeliveryTargetError';
  }
}

/** One spelling per address (IPv4-mapped IPv6 as IPv4, IPv6 zero-compressed). */
const normalisedAddress = (address: string): string => {
  const parsed = ipaddr.process(address);
  return parsed.kind() === 'ipv6' ? parsed.toNormalizedString() : parsed.toString();
};

const invalidUrl = (reason: string) =>
  new PayrailError('VALIDATION_FAILED', `Validation failed: ${reason}`, { fields: [{ field: 'url', message: reason }] });

/**
 * Applies the webhook URL policy (see checkWebhookUrl) at registration and at every
 * delivery. Outside local development a host name is resolved and every address it resolves to must
 * be public; the delivery then connects to the address that was checked, so a DNS answer
 * that changes between the check and the connection (rebinding) cannot redirect it.
 */
export class WebhookUrlGuard {
  constructor(
    private readonly policy: WebhookUrlPolicy,
    private readonly resolve: DnsLookup = systemDnsLookup,
  ) {}

  /** The normalised URL to store, or a 400 naming the `url` field. */
  async checkRegistration(raw: string): Promise<string> {
    const check = checkWebhookUrl(raw, this.policy);
    if (!check.ok) throw invalidUrl(check.reason);
    if (this.policy.restricted && check.ip === null) {
      const addresses = await this.resolve(check.hostname).catch(() => []);
      if (addresses.length === 0) throw invalidUrl('url host does not resolve');
      if (addresses.some((a) => !addressAllowed(a.address, this.policy)))
        throw invalidUrl('url must not point to a loopback, private, link-local or metadata address');
    }
    return check.url;
  }

  /**
   * The addresses a URL's host stands for (an IP literal itself, a name what it resolves to now),
   * for caps that count targets, not names; a name that does not resolve stands for nothing.
   */
  async addressesOf(raw: string): Promise<string[]> {
    const hostname = new URL(raw).hostname.replace(/^\[|\]$/g, '');
    if (isIP(hostname)) return [normalisedAddress(hostname)];
    const addresses = await this.resolve(hostname).catch(() => []);
    return addresses.map((a) => normalisedAddress(a.address));
  }

  /** The checked address to connect to for one attempt; throws DeliveryTargetError when the policy refuses it now. */
  async resolveTarget(raw: string): Promise<DeliveryTarget> {
    const check = checkWebhookUrl(raw, this.policy);
    if (!check.ok) throw new DeliveryTargetError(`refused by the URL policy: ${check.reason}`);
    const url = new URL(check.url);
    if (check.ip !== null) return { url, address: check.ip, family: check.ip.includes(':') ? 6 : 4 };
    const addresses = await this.resolve(check.hostname).catch((error: NodeJS.ErrnoException) => {
      throw new DeliveryTargetError(`${check.hostname} does not resolve (${error.code ?? error.message})`);
    });
    if (addresses.length === 0) throw new DeliveryTargetError(`${check.hostname} does not resolve`);
    const refused = addresses.find((a) => !addressAllowed(a.address, this.policy));
    if (refused)
      throw new DeliveryTargetError(`refused by the URL policy: ${check.hostname} resolves to a non-public address (${refused.address})`);
    const first = addresses[0];
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

import ipaddr from 'ipaddr.js';

/**
 * Which webhook URLs are accepted (spec: Events, "Production endpoints require HTTPS;
 * localhost is accepted for local development"):
 *
 *   every environment but local   https only, to an allowed port (WEBHOOK_ALLOWED_PORTS,
 *                                 default 443); the host must not be a loopback, private,
 *                                 link-local, metadata or otherwise non-public address, as a
 *                                 literal or once resolved (the resolution is checked at
 *                                 registration and again at every delivery)
 *   local                         https to any host and port; plain http only to
 *                                 localhost / 127.0.0.0/8 / [::1]
 *
 * Everywhere: absolute http(s) URL, at most 2048 characters, no user:password part (it
 * would be echoed in lists and logs).
 */
export interface WebhookUrlPolicy {
  /** True everywhere except PAYRAIL_ENV=local: public HTTPS addresses on allowed ports only. */
  restricted: boolean;
  /** The ports a restricted policy accepts (443 when the URL names none). */
  allowedPorts: readonly number[];
}

/** The default of WEBHOOK_ALLOWED_PORTS. */
export const DEFAULT_WEBHOOK_PORTS: readonly number[] = [443];

const MAX_WEBHOOK_URL_LENGTH = 2048;

export type WebhookUrlCheck =
  | {
      ok: true;
      /** Normalised URL (WHATWG serialisation, fragment removed): what is stored and compared. */
      url: string;
      /** Host name without IPv6 brackets. */
      hostname: string;
      /** The host when it is an IP literal, else null (a name to resolve). */
      ip: string | null;
    }
  | { ok: false; reason: string };

const fail = (reason: string): WebhookUrlCheck => ({ ok: false, reason });

/** RFC 6761: `localhost` and `*.localhost` always mean this machine. */
const isLocalhostName = (host: string): boolean => host === 'localhost' || host.endsWith('.localhost');

/**
 * Ranges ipaddr.js files under `unicast` that still reach something else: `::/96`
 * (IPv4-compatible IPv6, deprecated by RFC 4291; `::7f00:1` is 127.0.0.1 on stacks that
 * still honour it).
 */
const SPECIAL_UNICAST: Parameters<typeof ipaddr.subnetMatch>[1] = {
  ipv4Compatible: [ipaddr.parseCIDR('::/96')],
};

/** Only globally routable unicast addresses; IPv4-mapped IPv6 is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  return parsed.range() === 'unicast' && ipaddr.subnetMatch(parsed, SPECIAL_UNICAST, 'unicast') === 'unicast';
}

function isLoopbackHost(host: string): boolean {
  if (isLocalhostName(host)) return true;
  return ipaddr.isValid(host) && ipaddr.process(host).range() === 'loopback';
}

export function checkWebhookUrl(raw: string, policy: WebhookUrlPolicy): WebhookUrlCheck {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return fail(`url must be at most ${MAX_WEBHOOK_URL_LENGTH} characters`);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('url must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('url must be an absolute http(s) URL');
  if (url.username !== '' || url.password !== '') return fail('url must not contain a user name or password');
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (hostname === '') return fail('url must name a host');
  const ip = ipaddr.isValid(hostname) ? ipaddr.process(hostname).toString() : null;
  if (policy.restricted) {
    if (url.protocol !== 'https:') return fail('url must use HTTPS');
    const port = url.port === '' ? 443 : Number(url.port);
    if (!policy.allowedPorts.includes(port)) return fail(`url must use port ${policy.allowedPorts.join(' or ')}`);
    if (isLocalhostName(hostname) || (ip !== null && !isPublicAddress(ip)))
      return fail('url must not point to a loopback, private, link-local or metadata address');
  } else if (url.protocol === 'http:' && !isLoopbackHost(hostname)) {
    return fail('url must use HTTPS (plain HTTP is accepted only for localhost and 127.0.0.1 in local development)');
  }
  url.hash = '';
  return { ok: true, url: url.toString(), hostname, ip };
}

/**
 * Whether a resolved address may be connected to. In local development every address is
 * allowed (the registration rule already limited plain HTTP to loopback).
 */
export function addressAllowed(address: string, policy: WebhookUrlPolicy): boolean {
  return !policy.restricted || isPublicAddress(address);
}

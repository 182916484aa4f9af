import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { DEFAULT_RPC_URLS } from './default-rpc-urls.js';
import type { WebAppConfig } from './server.js';

/**
 * WalletConnect's relay, RPC and explorer services (Reown's CSP guidance), allowed only when a
 * project id is configured: the connector exists only then.
 */
const WALLETCONNECT_CONNECT = [
  'https://*.walletconnect.com',
  'https://*.walletconnect.org',
  'wss://relay.walletconnect.com',
  'wss://relay.walletconnect.org',
  'https://*.web3modal.com',
  'https://*.web3modal.org',
];
const WALLETCONNECT_FRAMES = ['https://verify.walletconnect.com', 'https://verify.walletconnect.org'];
/** The WalletConnect modal's (Reown AppKit's) typeface, preloaded from Reown's font host. */
const WALLETCONNECT_FONTS = ['https://fonts.reown.com'];

/**
 * style-src: the app's own stylesheets only; with a WalletConnect project id also inline styles,
 * which the WalletConnect modal (Reown AppKit) cannot do without: it writes its theme into
 * `<style>` elements it creates at run time (no nonce support, content built from theme variables,
 * so neither a nonce nor a hash can allow just them) and a few static `style` attributes. Scripts
 * stay 'self' only in both cases; see docs/payment-page.md (Content-Security-Policy) for the trade.
 */
export function styleSources(config: Pick<WebAppConfig, 'walletConnectProjectId'>): string[] {
  return config.walletConnectProjectId ? ["'self'", "'unsafe-inline'"] : ["'self'"];
}

/** font-src: the app's own and data: fonts; with a WalletConnect project id also the modal's font host. */
export function fontSources(config: Pick<WebAppConfig, 'walletConnectProjectId'>): string[] {
  return ["'self'", 'data:', ...(config.walletConnectProjectId ? WALLETCONNECT_FONTS : [])];
}

const originOf = (url: string): string[] => (url ? [new URL(url).origin] : []);

/**
 * Where the browser app may connect: its own origin, the public API bases of its `/config.json`
 * (empty = same origin), each network's RPC (configured, else viem's default for the chain) and
 * WalletConnect when a project id is set. Origins only: a provider key in an RPC URL's path stays
 * out of the header.
 */
export function connectSources(config: WebAppConfig): string[] {
  const rpc = config.networks.flatMap((n) => originOf(n.rpcUrl ?? DEFAULT_RPC_URLS[n.chainId] ?? ''));
  const sources = [
    "'self'",
    ...originOf(config.paymentsApiUrl),
    ...originOf(config.authApiUrl),
    ...rpc,
    ...(config.walletConnectProjectId ? WALLETCONNECT_CONNECT : []),
  ];
  return [...new Set(sources)];
}

/**
 * Helmet's headers with a strict Content-Security-Policy for a Vite build: scripts and styles from
 * the app's own origin only (no inline script or style element; React sets styles through the CSSOM,
 * which CSP does not govern; inline styles and Reown's fonts only with a WalletConnect project id), images also from data: and any https: host (platforms' branding logos),
 * no framing by anyone, no plugins, forms posting only to this origin. `upgrade-insecure-requests` is
 * left out: TLS ends at the ingress in production, and locally the APIs are http://localhost.
 * Referrer-Policy `no-referrer`: the payment page's URL carries the payment token. COOP allows popups
 * (wallet windows opened by the page keep working).
 */
export function securityHeaders(config: WebAppConfig): (req: IncomingMessage, res: ServerResponse) => void {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: styleSources(config),
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: fontSources(config),
        connectSrc: connectSources(config),
        frameSrc: config.walletConnectProjectId ? WALLETCONNECT_FRAMES : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
  });
  return (req, res) => middleware(req, res, () => undefined);
}

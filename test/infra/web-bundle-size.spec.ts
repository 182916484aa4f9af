// The browser apps' first loads stay small: the payment page at most 205 KB of compressed JavaScript
// (250 KB in issue #20; about 197 KB once wagmi's WalletConnect connector and the QR code library left
// the first load, issue #34), the dashboard at most 200 KB (about 155 KB when its Tron sign-in came,
// issue #21), with the TronLink adapter in neither (imported on first use). Reads the dist/web that `npm test`'s build
// wrote: the scripts index.html loads (entry and modulepreloads), gzip-compressed at level 9 (what a
// CDN or the ingress would send), summed and printed.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './render.js';

const LIMIT_KB = { 'payment-page': 205, dashboard: 200 } as const;

/** Text only the TronLink adapter's code carries (its TIP-6963 discovery request and its site). */
const TRONLINK_ADAPTER = /TIP6963:requestProvider|tronlink\.org/;
/** Lazily loaded code of the payment page: wagmi's WalletConnect connector (only with a project id) and the QR code library (the transfer panel). */
const LAZY = { walletConnect: /isNewChainsStale/, qrcode: /Invalid hex color: / };

/** Every JavaScript file index.html loads before the app runs (`<script src>` and `<link rel="modulepreload">`). */
function firstLoadScripts(app: string): string[] {
  const html = readFileSync(join(REPO_ROOT, 'dist', 'web', app, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ];
  return [...new Set(scripts.map((m) => m[1]))];
}

function readScript(app: string, path: string): Buffer {
  return readFileSync(join(REPO_ROOT, 'dist', 'web', app, path.replace(/^\//, '')));
}

function gzippedSize(app: string, path: string): number {
  return gzipSync(readScript(app, path), { level: 9 }).length;
}

describe('browser app bundles (dist/web)', () => {
  it.each(['payment-page', 'dashboard'])('%s: index.html loads at least one hashed script from /assets/', (app) => {
    const scripts = firstLoadScripts(app);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.js$/);
  });

  it.each(Object.entries(LIMIT_KB))('%s ships at most %i KB of gzip-compressed JavaScript on first load', (app, limitKb) => {
    const scripts = firstLoadScripts(app);
    const sizes = scripts.map((s) => [s, gzippedSize(app, s)] as const);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `${app} first-load JS: ${(total / 1024).toFixed(1)} KB gzip (limit ${limitKb} KB): ${sizes.map(([s, n]) => `${s} ${(n / 1024).toFixed(1)} KB`).join(', ')}`,
    );
    expect(total).toBeGreaterThan(10 * 1024); // a real bundle was measured, not an empty page
    expect(total).toBeLessThanOrEqual(limitKb * 1024);
  });

  it.each(Object.keys(LIMIT_KB))(
    '%s: the TronLink adapter is not in the first load, but in a chunk of its own that the build wrote',
    (app) => {
      for (const s of firstLoadScripts(app)) expect(readScript(app, s).toString('utf8')).not.toMatch(TRONLINK_ADAPTER);
      const chunks = readdirSync(join(REPO_ROOT, 'dist', 'web', app, 'assets')).filter((f) => f.endsWith('.js'));
      expect(chunks.filter((f) => TRONLINK_ADAPTER.test(readScript(app, `assets/${f}`).toString('utf8')))).toHaveLength(1);
    },
  );

  it.each(Object.entries(LAZY))('payment-page: %s is not in the first load, but in a chunk the build wrote', (_, marker) => {
    for (const s of firstLoadScripts('payment-page')) expect(readScript('payment-page', s).toString('utf8')).not.toMatch(marker);
    const chunks = readdirSync(join(REPO_ROOT, 'dist', 'web', 'payment-page', 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.filter((f) => marker.test(readScript('payment-page', `assets/${f}`).toString('utf8'))).length).toBeGreaterThan(0);
  });
});

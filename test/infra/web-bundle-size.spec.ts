// The payment page's first load stays small (issue #20: at most 250 KB of compressed JavaScript). Reads
// the dist/web that `npm test`'s build wrote: the scripts index.html loads (entry and modulepreloads),
// gzip-compressed at level 9 (what a CDN or the ingress would send), summed and printed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from './render.js';

const LIMIT_BYTES = 250 * 1024;

/** Every JavaScript file index.html loads before the app runs (`<script src>` and `<link rel="modulepreload">`). */
function firstLoadScripts(app: string): string[] {
  const html = readFileSync(join(REPO_ROOT, 'dist', 'web', app, 'index.html'), 'utf8');
  const scripts = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g),
  ];
  return [...new Set(scripts.map((m) => m[1]))];
}

function gzippedSize(app: string, path: string): number {
  return gzipSync(readFileSync(join(REPO_ROOT, 'dist', 'web', app, path.replace(/^\//, ''))), { level: 9 }).length;
}

describe('browser app bundles (dist/web)', () => {
  it.each(['payment-page', 'dashboard'])('%s: index.html loads at least one hashed script from /assets/', (app) => {
    const scripts = firstLoadScripts(app);
    expect(scripts.length).toBeGreaterThan(0);
    for (const s of scripts) expect(s).toMatch(/^\/assets\/[\w-]+-[\w-]{8}\.js$/);
  });

  it('the payment page ships at most 250 KB of gzip-compressed JavaScript on first load', () => {
    const scripts = firstLoadScripts('payment-page');
    const sizes = scripts.map((s) => [s, gzippedSize('payment-page', s)] as const);
    const total = sizes.reduce((sum, [, n]) => sum + n, 0);
    console.log(
      `payment page first-load JS: ${(total / 1024).toFixed(1)} KB gzip (limit 250 KB): ${sizes.map(([s, n]) => `${s} ${(n / 1024).toFixed(1)} KB`).join(', ')}`,
    );
    expect(total).toBeGreaterThan(10 * 1024); // a real bundle was measured, not an empty page
    expect(total).toBeLessThanOrEqual(LIMIT_BYTES);
  });
});

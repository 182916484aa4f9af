import { createHash } from 'node:crypto';

/** The page's only script: posts the chosen outcome to the page's own URL. */
const SCRIPT = `
for (const b of document.querySelectorAll('button')) {
  b.addEventListener('click', async () => {
    const res = await fetch(location.pathname, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ outcome: b.dataset.outcome }) });
    document.getElementById('status').textContent = res.ok ? (await res.json()).status : 'error ' + res.status;
  });
}
`;

/**
 * The page's Content-Security-Policy (the APIs answer `default-src 'none'` elsewhere): its one
 * inline script by hash, fetches to its own origin, nothing else.
 */
export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The sandbox provider's hosted page: buttons that submit an outcome. Shows no personal data. */
export function sandboxPage(kind: 'kyc' | 'agreement', status: string, outcomes: readonly string[]): string {
  const title = kind === 'kyc' ? 'Identity verification (sandbox)' : 'Payer agreement (sandbox)';
  const buttons = outcomes.map((o) => `<button data-outcome="${o}">${o.replace('_', ' ')}</button>`).join(' ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body>
<h1>${title}</h1>
<p>Payrail sandbox compliance provider: nothing is checked; choose the outcome.</p>
<p>Current status: <strong id="status">${status}</strong></p>
<p>${buttons}</p>
<script>${SCRIPT}</script>
</body></html>`;
}

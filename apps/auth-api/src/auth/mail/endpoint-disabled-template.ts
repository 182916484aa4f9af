import { type EndpointDisabledMailJob } from '@payrail/domain';
import { escapeHtml, mailTime, type RenderedMail } from './mail-templates.js';

/** A duration in words, rounded down to its largest unit (`5 days`, `3 hours`, `12 seconds`). */
export function duration(ms: number): string {
  const units: [string, number][] = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
    ['second', 1000],
  ];
  for (const [name, size] of units) {
    const n = Math.floor(ms / size);
    if (n >= 1) return `${n} ${name}${n === 1 ? '' : 's'}`;
  }
  return 'less than a second';
}

/** Why the endpoint was disabled, in one sentence. */
function why(mail: EndpointDisabledMailJob): string {
  const last = mail.lastFailure ? ` The last attempt failed with: ${mail.lastFailure}.` : '';
  if (mail.reason === 'gone') return `The endpoint answered 410 Gone: the receiver said it no longer exists.${last}`;
  const since = mail.failingSince ? new Date(mail.failingSince) : null;
  const run = since ? ` since ${mailTime(since)} (${duration(new Date(mail.disabledAt).getTime() - since.getTime())})` : '';
  return `Every delivery attempt${run} failed, without one success.${last}`;
}

/**
 * Subject and bodies of the notice to a platform owner that Payrail disabled one of its webhook
 * endpoints: which one (URL without query, id), why (the run of failures or the 410, the last
 * failure's class), when, and how to re-enable it (the dashboard's Webhooks page at `dashboardUrl`,
 * or the API) and redeliver what it missed.
 */
export function renderEndpointDisabledMail(mail: EndpointDisabledMailJob, dashboardUrl: string): RenderedMail {
  const webhooksPage = new URL('/webhooks', dashboardUrl).toString();
  const since = mail.failingSince ?? mail.disabledAt;
  const intro = `Payrail disabled a webhook endpoint of your platform "${mail.platformName}" (Client ID ${mail.clientId}) and stopped sending events to it.`;
  const facts: [string, string][] = [
    ['Endpoint', mail.url],
    ['Webhook id', mail.webhookId],
    ['Disabled at', mailTime(new Date(mail.disabledAt))],
    ['Why', why(mail)],
  ];
  const pending = 'While it is disabled no event is sent to it; deliveries that were still pending have failed and can be redelivered.';
  const enableApi = `PUT /v1/webhook/${mail.webhookId}`;
  const enableNote =
    'with your x-client-id and x-api-key headers (it toggles the endpoint: call it once; the answer shows "isActive": true)';
  const recoverApi = `POST /v1/webhook/${mail.webhookId}/recover {"since":"${since}"}`;
  const outro = 'You receive this e-mail as an owner of the platform on Payrail.';
  const text = [
    intro,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    pending,
    '',
    'To re-enable it once the receiver works again:',
    `- in the dashboard: ${webhooksPage} then "Activate" on this endpoint;`,
    `- or with the API: ${enableApi} ${enableNote}.`,
    `Then redeliver what it missed: ${recoverApi}`,
    '',
    outro,
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Webhook endpoint disabled</title></head>',
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328">',
    `<p>${escapeHtml(intro)}</p>`,
    '<table style="border-collapse:collapse">',
    ...facts.map(([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`),
    '</table>',
    `<p>${escapeHtml(pending)}</p>`,
    '<p>To re-enable it once the receiver works again:</p>',
    '<ul>',
    `<li>in the dashboard: <a href="${escapeHtml(webhooksPage)}">${escapeHtml(webhooksPage)}</a>, then "Activate" on this endpoint;</li>`,
    `<li>or with the API: <code>${escapeHtml(enableApi)}</code> ${escapeHtml(enableNote)}.</li>`,
    '</ul>',
    `<p>Then redeliver what it missed: <code>${escapeHtml(recoverApi)}</code></p>`,
    `<p>${escapeHtml(outro)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: `Payrail disabled your webhook endpoint ${mail.url}`, text, html };
}

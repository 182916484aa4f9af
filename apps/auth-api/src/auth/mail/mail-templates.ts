import type { VerificationMail } from './mail-transport.js';

/** A rendered mail: subject, plain-text body and HTML body (the same words). */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A time as mails show it: `2026-11-27 22:05:01 UTC`. */
export const mailTime = (at: Date): string =>
  at
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d+Z$/, ' UTC');

/**
 * The dashboard link that confirms an address: the token rides in the fragment (`#verify-email=`),
 * which browsers never send to a server, so it stays out of access logs and Referer headers; the
 * dashboard's sign-in screen reads it and asks for one click (POST /v1/auth/verify-email), so a
 * mail scanner that opens links does not confirm an address on its own.
 */
export function verificationLink(dashboardUrl: string, token: string): string {
  const url = new URL(dashboardUrl);
  url.hash = `verify-email=${token}`;
  return url.toString();
}

/** Subject and bodies of a verification mail (registration or resend), linking to the dashboard at `dashboardUrl`. */
export function renderVerificationMail(mail: VerificationMail, dashboardUrl: string): RenderedMail {
  const link = verificationLink(dashboardUrl, mail.token);
  const expires = mailTime(mail.expiresAt);
  const intro =
    mail.reason === 'resend'
      ? 'You asked for a new link to confirm the e-mail address of your Payrail account.'
      : 'Someone (hopefully you) created a Payrail account with this e-mail address.';
  const outro =
    mail.reason === 'resend'
      ? 'If you did not ask for it, ignore this mail.'
      : 'If you did not register, ignore this mail: the account stays unusable.';
  const text = [
    intro,
    '',
    'Confirm the address by opening this link, then sign in:',
    link,
    '',
    `The link works once, until ${expires}. Without a browser, send its token to the auth service:`,
    `POST /v1/auth/verify-email {"token":"${mail.token}"}`,
    '',
    outro,
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Confirm your e-mail address</title></head>',
    '<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2328">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1f6feb;color:#fff;border-radius:6px;text-decoration:none">Confirm my e-mail address</a></p>`,
    `<p>The link works once, until ${escapeHtml(expires)}. If the button does not work, copy this address into your browser:<br>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(outro)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject: 'Confirm your e-mail address for Payrail', text, html };
}

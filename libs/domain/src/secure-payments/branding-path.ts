/**
 * A branding link (`logoPath`, `termsPath`, `privacyPath`) the payment page puts in `src` or
 * `href`: an absolute `https:` URL, or a path on the page's own origin (`/brand/logo.svg`,
 * `brand/logo.svg`, with an optional `?query` or `#fragment`). Everything a browser could turn
 * into script or another origin is refused: other schemes (`javascript:`, `data:`, `http:`,
 * `vbscript:`), protocol-relative `//host` and `/\host` (browsers read `\` as `/`), control
 * characters and whitespace (browsers strip them before reading the scheme: `java\tscript:`).
 */
export function isSafeBrandingPath(value: string): boolean {
  // Whitespace, control characters and backslashes: never needed, and each can hide a scheme or a host.
  // eslint-disable-next-line no-control-regex
  if (value.length === 0 || /[\s\u0000-\u001f\u007f\\]/.test(value)) return false;
  if (value.startsWith('//')) return false;
  // A relative path: no scheme before the first "/", "?" or "#" (RFC 3986 4.2).
  const firstDelimiter = value.search(/[/?#]/);
  const head = firstDelimiter === -1 ? value : value.slice(0, firstDelimiter);
  if (!head.includes(':')) return true;
  if (!/^https:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
}

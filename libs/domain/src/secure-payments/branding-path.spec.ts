import { isSafeBrandingPath } from './branding-path.js';

describe('branding paths (logoPath, termsPath, privacyPath)', () => {
  it('accepts https URLs and relative paths', () => {
    for (const value of [
      'https://cdn.shop.example/logo.svg',
      'https://shop.example:8443/terms?lang=en#top',
      '/brand/logo.svg',
      'brand/logo.svg',
      'logo.svg',
      '/legal/privacy?v=2',
      '#terms',
      '/a:b/logo.svg', // a colon after the first slash is part of the path
    ])
      expect([value, isSafeBrandingPath(value)]).toEqual([value, true]);
  });

  it('refuses other schemes, protocol-relative hosts and characters that hide a scheme or a host', () => {
    for (const value of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'http://shop.example/logo.svg',
      'ftp://shop.example/logo.svg',
      '//evil.example/logo.svg',
      '/\\evil.example/logo.svg',
      '\\\\evil.example\\logo.svg',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'java\nscript:alert(1)',
      'https://user:pw@shop.example/logo.svg',
      'https:logo.svg',
      '',
    ])
      expect([value, isSafeBrandingPath(value)]).toEqual([value, false]);
  });
});

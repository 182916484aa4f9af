/** The headers helmet sets on every API response (the JSON policy). */
export function expectApiSecurityHeaders(res: Response, hsts: boolean): void {
  const h = res.headers;
  expect({
    csp: h.get('content-security-policy'),
    nosniff: h.get('x-content-type-options'),
    frame: h.get('x-frame-options'),
    referrer: h.get('referrer-policy'),
    corp: h.get('cross-origin-resource-policy'),
    poweredBy: h.get('x-powered-by'),
    hsts: h.get('strict-transport-security'),
  }).toEqual({
    csp: "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none'",
    nosniff: 'nosniff',
    frame: 'SAMEORIGIN',
    referrer: 'no-referrer',
    corp: 'same-site',
    poweredBy: null,
    hsts: hsts ? 'max-age=31536000; includeSubDomains' : null,
  });
}

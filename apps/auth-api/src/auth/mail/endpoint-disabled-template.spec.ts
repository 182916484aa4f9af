import { type EndpointDisabledMailJob } from '@payrail/domain';
import { duration, renderEndpointDisabledMail } from './endpoint-disabled-template.js';

const job: EndpointDisabledMailJob = {
  to: 'owner@example.com',
  userId: 'user1',
  webhookId: '01KAZ0000000000000000000WH',
  url: 'https://hooks.example.com/payrail',
  reason: 'gone',
  failingSince: null,
  disabledAt: '2026-11-27T22:05:01.123Z',
  lastFailure: 'HTTP 410',
  clientId: 'cli_abc',
  platformName: 'Acme <script>alert(1)</script> & Co',
};

describe('the endpoint-disabled notice template', () => {
  it('explains a 410 Gone and names the endpoint, the time and the recovery from the disable', () => {
    const mail = renderEndpointDisabledMail(job, 'https://dashboard.example.com');
    expect(mail.subject).toBe('Payrail disabled your webhook endpoint https://hooks.example.com/payrail');
    expect(mail.text).toContain(
      'Why: The endpoint answered 410 Gone: the receiver said it no longer exists. The last attempt failed with: HTTP 410.',
    );
    expect(mail.text).toContain('Disabled at: 2026-11-27 22:05:01 UTC');
    expect(mail.text).toContain('- in the dashboard: https://dashboard.example.com/webhooks then "Activate" on this endpoint;');
    expect(mail.text).toContain(`POST /v1/webhook/${job.webhookId}/recover {"since":"2026-11-27T22:05:01.123Z"}`);
  });

  it('escapes what the owner chose (the platform name) in the HTML body', () => {
    const { html } = renderEndpointDisabledMail(job, 'https://dashboard.example.com');
    expect(html).toContain('Acme &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(html).not.toContain('<script>');
  });

  it.each([
    [432_000_000, '5 days'],
    [86_400_000, '1 day'],
    [7_200_000, '2 hours'],
    [61_000, '1 minute'],
    [1_500, '1 second'],
    [200, 'less than a second'],
  ])('says %i ms as %s', (ms, words) => {
    expect(duration(ms)).toBe(words);
  });
});

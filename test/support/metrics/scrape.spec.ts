import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sampleOf, scrape, total } from './scrape.js';

// What prom-client writes when the event-loop histogram had no sample between two scrapes:
// `Nan` is legal in the Prometheus text format and must not break a scrape.
const EXPOSITION = [
  '# HELP payrail_nodejs_eventloop_lag_mean_seconds Mean of the recorded event loop delays.',
  '# TYPE payrail_nodejs_eventloop_lag_mean_seconds gauge',
  'payrail_nodejs_eventloop_lag_mean_seconds Nan',
  '# TYPE payrail_temperature gauge',
  'payrail_temperature{room="cold"} -Inf',
  'payrail_temperature{room="odd"} NaN 1700000000000',
  '# HELP payrail_http_request_duration_seconds Request duration.',
  '# TYPE payrail_http_request_duration_seconds histogram',
  'payrail_http_request_duration_seconds_bucket{le="0.1",route="/v2/request"} 2',
  'payrail_http_request_duration_seconds_bucket{le="+Inf",route="/v2/request"} 3',
  'payrail_http_request_duration_seconds_sum{route="/v2/request"} 0.5',
  'payrail_http_request_duration_seconds_count{route="/v2/request"} 3',
  '# TYPE payrail_jobs_total counter',
  'payrail_jobs_total{queue="a"} 4',
  'payrail_jobs_total{queue="b"} 1e1',
  '',
].join('\n');

describe('scrape (Prometheus text format)', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end(EXPOSITION));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads a NaN gauge as NaN instead of failing the whole scrape', async () => {
    const families = await scrape(url);
    expect(families.get('payrail_nodejs_eventloop_lag_mean_seconds')?.type).toBe('gauge');
    expect(sampleOf(families, 'payrail_nodejs_eventloop_lag_mean_seconds')?.value).toBeNaN();
    expect(sampleOf(families, 'payrail_temperature', { room: 'cold' })?.value).toBe(Number.NEGATIVE_INFINITY);
    expect(sampleOf(families, 'payrail_temperature', { room: 'odd' })?.value).toBeNaN();
  });

  it('reads histograms as count and sum per label set, and counters by value', async () => {
    const families = await scrape(url);
    expect(sampleOf(families, 'payrail_http_request_duration_seconds', { route: '/v2/request' })).toMatchObject({
      count: 3,
      sum: 0.5,
    });
    expect(total(families, 'payrail_jobs_total')).toBe(14);
    expect(families.get('payrail_jobs_total')?.type).toBe('counter');
  });
});

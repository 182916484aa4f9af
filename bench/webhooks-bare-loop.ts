import { Agent, request } from 'node:http';

// Child process of bench/webhooks.ts: POSTs the same signed bytes to the receiver, `CONCURRENCY`
// requests in flight, for `SECONDS`, over keep-alive connections; prints {requests, seconds}.
const { TARGET_URL, BODY, SIGNATURE, CONCURRENCY, SECONDS, DELIVERY_ID } = process.env;
if (!TARGET_URL || !BODY || !SIGNATURE) throw new Error('TARGET_URL, BODY and SIGNATURE are required');
const url = new URL(TARGET_URL);
const agent = new Agent({ keepAlive: true, maxSockets: 1024 });
const headers = {
  'content-type': 'application/json',
  'content-length': String(Buffer.byteLength(BODY)),
  'x-service-signature': SIGNATURE,
  'x-service-delivery': DELIVERY_ID ?? '01JD000000000000000000BARE',
  'x-service-retry-count': '0',
};

function post(): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ hostname: url.hostname, port: url.port, path: url.pathname, method: 'POST', agent, headers }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(BODY);
  });
}

const deadline = performance.now() + Number(SECONDS ?? 10) * 1000;
let requests = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(CONCURRENCY ?? 1) }, async () => {
    while (performance.now() < deadline) {
      await post();
      requests++;
    }
  }),
);
process.stdout.write(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000 }));
agent.destroy();

import { TestReceiver } from '../testing/receiver.js';
import { WebhookHttpSender } from './http-sender.js';

describe('webhook HTTP sender (real local receiver)', () => {
  let receiver: TestReceiver;
  const sender = new WebhookHttpSender();

  beforeAll(async () => {
    receiver = await TestReceiver.start((req) =>
      req.path === '/big' ? { status: 200, body: 'x'.repeat(5000) } : { status: 202, body: 'accepted' },
    );
  });
  afterAll(async () => {
    sender.close();
    await receiver.close();
  });

  it('connects to the pinned address whatever the name resolves to (DNS is never asked again)', async () => {
    const url = new URL(`http://rebound.invalid:${receiver.port}/hook?x=1`);
    const result = await sender.send({ url, address: '127.0.0.1', family: 4 }, '{"a":1}', { 'content-type': 'application/json' });
    expect(result).toMatchObject({ statusCode: 202, responseBodyHead: 'accepted', error: null });
    const [request] = receiver.received;
    expect(request.headers.host).toBe(`rebound.invalid:${receiver.port}`);
    expect(request.path).toBe('/hook?x=1');
    expect(request.body).toBe('{"a":1}');
    expect(request.headers['content-length']).toBe('7');
  });

  it('keeps only the first 1 KiB of a response body', async () => {
    const result = await sender.send({ url: new URL(receiver.url('/big')), address: '127.0.0.1', family: 4 }, '{}', {});
    expect(result.statusCode).toBe(200);
    expect(result.responseBodyHead).toBe('x'.repeat(1024));
  });
});

import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestReceiver } from '@payrail/test-support/webhook-worker/receiver.js';
import { WebhookHttpSender } from './http-sender.js';

/** A self-signed certificate for `hooks.payrail.test` (openssl, as an operator would make one). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'payrail-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=hooks.payrail.test',
      '-addext',
      'subjectAltName=DNS:hooks.payrail.test',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

describe('webhook HTTP sender (real local receivers)', () => {
  let receiver: TestReceiver;
  let hanging: TestReceiver;
  const sender = new WebhookHttpSender();

  beforeAll(async () => {
    receiver = await TestReceiver.start((req) =>
      req.path === '/big' ? { status: 200, body: 'x'.repeat(5000) } : { status: 202, body: 'accepted' },
    );
    hanging = await TestReceiver.start(() => 'hang');
  });
  afterAll(async () => {
    await sender.close();
    await Promise.all([receiver.close(), hanging.close()]);
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
    expect(request.headers['user-agent']).toBe('Payrail-Webhooks/1');
  });

  it('never reuses a connection for another pinned address of the same origin', async () => {
    const url = new URL(`http://multi.invalid:${receiver.port}/hook`);
    expect((await sender.send({ url, address: '127.0.0.1', family: 4 }, '{}', {})).statusCode).toBe(202);
    // 127.0.0.2 is loopback too, but nothing listens there: a kept-alive socket to 127.0.0.1 must not carry it.
    const other = await sender.send({ url, address: '127.0.0.2', family: 4 }, '{}', {});
    expect(other).toMatchObject({ statusCode: null, responseBodyHead: null });
    expect(other.error).toMatch(/ECONNREFUSED/);
  });

  it('keeps only the first 1 KiB of a response body', async () => {
    const result = await sender.send({ url: new URL(receiver.url('/big')), address: '127.0.0.1', family: 4 }, '{}', {});
    expect(result.statusCode).toBe(200);
    expect(result.responseBodyHead).toBe('x'.repeat(1024));
  });

  it('gives up after its timeout when the receiver never answers', async () => {
    const quick = new WebhookHttpSender({ timeoutMs: 300 });
    try {
      const result = await quick.send({ url: new URL(hanging.url()), address: '127.0.0.1', family: 4 }, '{}', {});
      expect(result).toMatchObject({ statusCode: null, responseBodyHead: null, error: 'timeout after 300 ms' });
      expect(result.durationMs).toBeGreaterThanOrEqual(290);
      expect(result.durationMs).toBeLessThan(2000);
    } finally {
      await quick.close();
    }
  });

  describe('HTTPS', () => {
    let server: Server;
    let port: number;
    let tlsSender: WebhookHttpSender;

    beforeAll(async () => {
      const { key, cert } = selfSignedCertificate();
      server = createServer({ key, cert }, (req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200).end(`sni=${(req.socket as unknown as { servername?: string }).servername}`));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      tlsSender = new WebhookHttpSender({ ca: cert });
    });
    afterAll(async () => {
      await tlsSender.close();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    });

    it('verifies the certificate against the URL host name (SNI) while connecting to the pinned address', async () => {
      const url = new URL(`https://hooks.payrail.test:${port}/hook`);
      const result = await tlsSender.send({ url, address: '127.0.0.1', family: 4 }, '{}', {});
      expect(result).toMatchObject({ statusCode: 200, responseBodyHead: 'sni=hooks.payrail.test', error: null });
    });

    it('refuses a certificate that is not for the URL host name, and one it does not trust', async () => {
      const wrongName = await tlsSender.send(
        { url: new URL(`https://other.payrail.test:${port}/`), address: '127.0.0.1', family: 4 },
        '{}',
        {},
      );
      expect(wrongName).toMatchObject({ statusCode: null });
      expect(wrongName.error).toMatch(/ERR_TLS_CERT_ALTNAME_INVALID/);
      const untrusted = await sender.send(
        { url: new URL(`https://hooks.payrail.test:${port}/`), address: '127.0.0.1', family: 4 },
        '{}',
        {},
      );
      expect(untrusted).toMatchObject({ statusCode: null });
      expect(untrusted.error).toMatch(/SELF_SIGNED|self.signed/i);
    });
  });
});

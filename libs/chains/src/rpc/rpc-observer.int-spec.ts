import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Network } from 'ethers';
import { observeRpcCalls, ObservedJsonRpcProvider, type RpcCall } from './rpc-observer.js';

// A JSON-RPC endpoint on loopback that answers every call of a request with `body(ids)`.
async function endpoint(body: (ids: number[]) => Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number } | { id: number }[];
      const ids = (Array.isArray(payload) ? payload : [payload]).map((p) => p.id);
      res.writeHead(200, { 'content-type': 'application/json' }).end(body(ids));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('ObservedJsonRpcProvider (answers decoded by the native UTF-8 decoder)', () => {
  const network = Network.from(11155111);
  const servers: Server[] = [];
  afterAll(async () => {
    observeRpcCalls(undefined);
    await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  });

  it('answers calls with multi-byte UTF-8 text intact and reports each call to the observer', async () => {
    const text = 'héllo ✓ 支付';
    const { url, server } = await endpoint((ids) =>
      Buffer.from(JSON.stringify(ids.map((id) => ({ jsonrpc: '2.0', id, result: `${text} #${id}` })))),
    );
    servers.push(server);
    const calls: RpcCall[] = [];
    observeRpcCalls((c) => calls.push(c));
    const provider = new ObservedJsonRpcProvider(url, network, -1, 0);
    const answers = await Promise.all([provider.send('web3_clientVersion', []), provider.send('net_version', [])]);
    expect(answers.map((a) => (a as string).replace(/ #\d+$/, ''))).toEqual([text, text]);
    expect(calls.map((c) => [c.method, c.ok])).toEqual([
      ['web3_clientVersion', true],
      ['net_version', true],
    ]);
    provider.destroy();
  });

  it('refuses an answer that is not valid UTF-8, as ethers does, and reports the call failed', async () => {
    const { url, server } = await endpoint(() =>
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":1,"result":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
    );
    servers.push(server);
    const calls: RpcCall[] = [];
    observeRpcCalls((c) => calls.push(c));
    const provider = new ObservedJsonRpcProvider(url, network, -1, 0);
    await expect(provider.send('web3_clientVersion', [])).rejects.toMatchObject({ code: 'UNSUPPORTED_OPERATION' });
    expect(calls.map((c) => [c.method, c.ok])).toEqual([['web3_clientVersion', false]]);
    provider.destroy();
  });
});

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract, JsonRpcProvider } from 'ethers';
import { freePort, startAnvil, type AnvilHandle } from '@payrail/devstack';
import { testStack } from '../stack.js';
import { startRpcCounter, type RpcCounter } from './rpc-counter.js';

const MINT = ['function mint(address to, uint256 amount)'];

export interface ForeignChain {
  anvil: AnvilHandle;
  /** Point RPC_URL_<NETWORK> here: it counts the round trips. */
  rpc: RpcCounter;
  /** Puts a mintable test token with `decimals` (6 or 18) at `address`, the real token's address on that network. */
  placeToken(address: string, decimals: 6 | 18): Promise<void>;
  mint(token: string, to: string, units: bigint): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A private anvil standing in for another network (its chain id), behind a round-trip counter.
 * Tokens are the local TestERC20 (runtime code copied from the suite's chain, decimals baked in)
 * set at the real tokens' addresses with anvil_setCode, so the registry's addresses are read.
 */
export async function startForeignChain(chainId: number): Promise<ForeignChain> {
  const anvil = await startAnvil({ port: await freePort(), chainId });
  const rpc = await startRpcCounter(anvil.rpcUrl);
  const provider = new JsonRpcProvider(anvil.rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1 });
  const suite = testStack().chain;
  const suiteProvider = new JsonRpcProvider(suite.rpcUrl, suite.chainId, { staticNetwork: true });
  return {
    anvil,
    rpc,
    async placeToken(address, decimals) {
      const source = decimals === 6 ? suite.tokens.USDC : suite.tokens.DAI;
      if (suite.tokenDecimals[decimals === 6 ? 'USDC' : 'DAI'] !== decimals) throw new Error('unexpected suite token decimals');
      const code = (await suiteProvider.send('eth_getCode', [source, 'latest'])) as string;
      await provider.send('anvil_setCode', [address, code]);
    },
    async mint(token, to, units) {
      const minter = new Contract(token, MINT, await provider.getSigner(0));
      const tx = (await minter.getFunction('mint')(to, units)) as { wait(): Promise<unknown> };
      await tx.wait();
    },
    async stop() {
      provider.destroy();
      suiteProvider.destroy();
      await rpc.close();
      await anvil.stop();
    },
  };
}

/** An RPC endpoint that accepts requests and never answers (a stalled node). */
export async function startStalledRpc(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

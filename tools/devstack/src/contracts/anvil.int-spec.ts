import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, JsonRpcProvider } from 'ethers';

import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, fundAccounts, type LocalDeployment } from './deploy.js';

// This spec sits beside the contracts because the devstack's restart story (anvil --state plus an
// idempotent deploy) is only meaningful with both halves together.

const started: AnvilHandle[] = [];
const scratch = mkdtempSync(join(tmpdir(), 'payrail-anvil-'));

async function start(opts: Parameters<typeof startAnvil>[0]): Promise<AnvilHandle> {
  const handle = await startAnvil(opts);
  started.push(handle);
  return handle;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function rpcWith(rpcUrl: string, method: string, params: unknown[]): Promise<string> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
  try {
    return String(await provider.send(method, params));
  } finally {
    provider.destroy();
  }
}

const rpc = (rpcUrl: string, method: string): Promise<string> => rpcWith(rpcUrl, method, []);

afterAll(async () => {
  await Promise.all(started.map((handle) => handle.stop()));
  rmSync(scratch, { recursive: true, force: true });
});

test('ANVIL_ACCOUNTS are the well-known accounts of the default mnemonic', () => {
  expect(ANVIL_ACCOUNTS).toHaveLength(10);
  expect(ANVIL_ACCOUNTS[0]).toEqual({
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  });
  expect(ANVIL_ACCOUNTS[1].address).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
  expect(ANVIL_ACCOUNTS[3].address).toBe('0x90F79bf6EB2c4f870365E785982E1f101E93b906');
});

test('starts on the requested chain id and stop() ends the process', async () => {
  const anvil = await start({ port: await freePort(), chainId: 31337 });

  expect(anvil.chainId).toBe(31337);
  expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7a69');
  expect(isRunning(anvil.pid)).toBe(true);
  await anvil.stop();
  await anvil.stop(); // a second stop is harmless
  expect(isRunning(anvil.pid)).toBe(false);
});

test('refuses a port that is already taken instead of talking to whatever holds it', async () => {
  const port = await freePort();
  const blocker: Server = createServer();
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  try {
    await expect(startAnvil({ port })).rejects.toThrow(`Cannot start anvil: 127.0.0.1:${port} is already in use`);
  } finally {
    await new Promise<void>((resolve) => blocker.close(() => resolve()));
  }
});

test('a failed start reports anvil own error output', async () => {
  await expect(startAnvil({ port: await freePort(), host: 'not-an-ip', readyTimeoutMs: 5_000 })).rejects.toThrow(
    /anvil did not start[\s\S]*exited early[\s\S]*invalid value 'not-an-ip' for '--host/,
  );
});

test('with a state file, a restarted chain keeps the deployment and balances, so deploy sends nothing', async () => {
  await compileContracts();
  const stateFile = join(scratch, 'state.json');
  const deployer = ANVIL_ACCOUNTS[0];
  const holder = ANVIL_ACCOUNTS[2].address;

  const first = await start({ port: await freePort(), stateFile });
  const deployment = await deployLocalContracts({ rpcUrl: first.rpcUrl, deployerPrivateKey: deployer.privateKey });
  await fundAccounts({
    rpcUrl: first.rpcUrl,
    deployerPrivateKey: deployer.privateKey,
    deployment,
    accounts: [holder],
    amounts: { USDC: '250.5', USDT: '0', DAI: '0', FAU: '0' },
  });
  const blockBeforeStop = await rpc(first.rpcUrl, 'eth_blockNumber');
  await first.stop();
  expect(existsSync(stateFile)).toBe(true);

  const second = await start({ port: await freePort(), stateFile });
  expect(await rpc(second.rpcUrl, 'eth_blockNumber')).toBe(blockBeforeStop);
  const again = await deployLocalContracts({ rpcUrl: second.rpcUrl, deployerPrivateKey: deployer.privateKey, previous: deployment });
  expect(again).toBe(deployment);
  expect(await rpc(second.rpcUrl, 'eth_blockNumber')).toBe(blockBeforeStop);

  const provider = new JsonRpcProvider(second.rpcUrl, undefined, { cacheTimeout: -1 });
  try {
    const abi = loadArtifact('TestERC20').abi;
    const usdc = new Contract(deployment.tokens.USDC.address, abi, provider);
    const usdt = new Contract(deployment.tokens.USDT.address, abi, provider);
    expect(await usdc.getFunction('balanceOf')(holder)).toBe(250_500_000n);
    expect(await usdt.getFunction('balanceOf')(holder)).toBe(0n);
  } finally {
    provider.destroy();
  }
});

test('a previous deployment recorded for another chain is replaced by a fresh one', async () => {
  await compileContracts();
  const anvil = await start({ port: await freePort() });
  const deployer = ANVIL_ACCOUNTS[0];
  const deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey });
  const nonceBefore = Number(await rpcWith(anvil.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']));

  const stale: LocalDeployment = { ...deployment, chainId: 1 };
  const fresh = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey: deployer.privateKey, previous: stale });

  expect(fresh.chainId).toBe(11155111);
  expect(fresh.contracts.ERC20FeeProxy).not.toBe(deployment.contracts.ERC20FeeProxy);
  // 2 proxies + the conversion path + the batch contract and its 2 fee settings + the recurring proxy + the deposit
  // forwarder factory + 4 tokens + 8 feeds + the feeds' registration in the conversion path.
  expect(Number(await rpcWith(anvil.rpcUrl, 'eth_getTransactionCount', [deployer.address, 'latest']))).toBe(nonceBefore + 21);
});

import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AbiCoder,
  Contract,
  ContractFactory,
  concat,
  getCreate2Address,
  id,
  JsonRpcProvider,
  keccak256,
  NonceManager,
  Wallet,
} from 'ethers';
import { publishedArtifact } from '@payrail/chains';
import { freePort, repoRoot } from '@payrail/devstack';
import { testStack } from '@payrail/test-support/stack.js';
import { recurringProxySource } from './chain/expected-code.js';

const exec = promisify(execFile);
const DETERMINISTIC_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
const NO_CODE = '0x000000000000000000000000000000000000dEaD';

interface Check {
  check: string;
  network: string;
  ok: boolean;
  detail: string;
}

/** A JSON-RPC endpoint that claims to be chain 1 (mainnet): a wrong RPC_URL_SEPOLIA. */
async function otherChainRpc(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const { id: rpcId } = JSON.parse(body) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id: rpcId, result: '0x1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

// The chain commands of the operator CLI, built and run as operators run them, against the test
// chain with Request Network's published ERC20FeeProxy and this project's recurring proxy.
describe('admin CLI chain commands', () => {
  const chain = testStack().chain;
  const provider = new JsonRpcProvider(chain.rpcUrl, chain.chainId, { staticNetwork: true, cacheTimeout: -1 });
  const deployer = Wallet.createRandom();
  const relayer = Wallet.createRandom();
  let feeProxy: string;
  let deploymentFile: string;
  let stub: Awaited<ReturnType<typeof otherChainRpc>>;

  async function admin(env: Record<string, string>, ...args: string[]): Promise<{ code: number; stdout: string }> {
    const cli = join(repoRoot(), 'dist', 'apps', 'payments-api', 'src', 'cli', 'admin.js');
    try {
      const { stdout } = await exec(process.execPath, [cli, ...args], {
        env: { PATH: process.env.PATH ?? '', PAYRAIL_ENV: 'local', ...env },
      });
      return { code: 0, stdout };
    } catch (error) {
      const e = error as { code: number; stdout: string };
      return { code: e.code, stdout: e.stdout };
    }
  }
  const json = async (env: Record<string, string>, ...args: string[]) => {
    const { code, stdout } = await admin(env, ...args, '--json');
    return { code, body: JSON.parse(stdout) as Record<string, unknown> };
  };
  const deployment = async (contracts: Record<string, string>) => {
    const file = join(testStack().dir, `chain-ops-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify({ ...chain, contracts }));
    return file;
  };

  beforeAll(async () => {
    for (const wallet of [deployer, relayer]) await provider.send('anvil_setBalance', [wallet.address, '0x56BC75E2D63100000']);
    const rn = publishedArtifact('ERC20FeeProxy');
    const proxy = await new ContractFactory(rn.abi, rn.bytecode, new NonceManager(deployer.connect(provider))).deploy();
    await proxy.waitForDeployment();
    feeProxy = await proxy.getAddress();
    deploymentFile = await deployment({ ERC20FeeProxy: feeProxy });
    stub = await otherChainRpc();
  });
  afterAll(async () => {
    provider.destroy();
    await new Promise((resolve) => stub?.server.close(resolve));
  });

  it('finds the standard deterministic deployment proxy predeployed on anvil', async () => {
    expect((await provider.getCode(DETERMINISTIC_DEPLOYER)).length).toBeGreaterThan(2);
  });

  describe('recurring-proxy deploy', () => {
    const env = () => ({ DEPLOYER_PRIVATE_KEY: deployer.privateKey, CHAIN_DEPLOYMENT_FILE: deploymentFile });
    const args = () => ['recurring-proxy', 'deploy', '--network', 'sepolia', '--rpc-url', chain.rpcUrl, '--relayer', relayer.address];

    it('deploys at the CREATE2 address of the default salt and arguments, with the relayer role and the config line', async () => {
      const source = recurringProxySource();
      const initCode = concat([
        source.bytecode,
        AbiCoder.defaultAbiCoder().encode(['address', 'address', 'address'], [deployer.address, relayer.address, feeProxy]),
      ]);
      const expected = getCreate2Address(DETERMINISTIC_DEPLOYER, id('payrail:ERC20RecurringPaymentProxy:v1'), keccak256(initCode));

      const { code, body } = await json(env(), ...args());
      expect(code).toBe(0);
      expect(body).toMatchObject({
        network: 'sepolia',
        address: expected,
        status: 'deployed',
        owner: deployer.address,
        relayer: relayer.address,
        erc20FeeProxy: feeProxy,
      });
      expect(body.transactionHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(body.configLine).toBe(`RECURRING_PROXY_ADDRESSES=sepolia:${expected}`);
      const proxy = new Contract(expected, source.abi, provider);
      const role = (await proxy.getFunction('RELAYER_ROLE')()) as string;
      expect(await proxy.getFunction('hasRole')(role, relayer.address)).toBe(true);
      expect(await proxy.getFunction('owner')()).toBe(deployer.address);
    });

    it('answers already-deployed with the same address and a verified code hash on a second run, sending nothing', async () => {
      const first = await json(env(), ...args());
      const nonce = await provider.getTransactionCount(deployer.address);
      const { code, body } = await json({ ...env(), RECURRING_PROXY_ADDRESSES: `base:${feeProxy}` }, ...args());
      expect(code).toBe(0);
      expect(body).toMatchObject({
        status: 'already-deployed',
        transactionHash: null,
        address: first.body.address,
        codeHash: first.body.codeHash,
      });
      expect(body.configLine).toBe(`RECURRING_PROXY_ADDRESSES=base:${feeProxy},sepolia:${String(first.body.address)}`);
      expect(await provider.getTransactionCount(deployer.address)).toBe(nonce);
      const text = await admin(env(), ...args());
      expect(text.stdout).toContain('already deployed; code verified');
    });

    it('refuses without DEPLOYER_PRIVATE_KEY and refuses the key as a flag', async () => {
      const missing = await json({ CHAIN_DEPLOYMENT_FILE: deploymentFile }, ...args());
      expect(missing.code).toBe(1);
      expect(missing.body).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('DEPLOYER_PRIVATE_KEY') },
      });
      const flag = await admin(env(), ...args(), '--private-key', deployer.privateKey);
      expect(flag.code).not.toBe(0);
      expect(flag.stdout).not.toContain('"status"');
    });
  });

  describe('doctor', () => {
    let proxyAddress: string;
    beforeAll(async () => {
      const deployed = await json(
        { DEPLOYER_PRIVATE_KEY: deployer.privateKey, CHAIN_DEPLOYMENT_FILE: deploymentFile },
        ...['recurring-proxy', 'deploy', '--network', 'sepolia', '--rpc-url', chain.rpcUrl, '--relayer', relayer.address],
      );
      proxyAddress = String(deployed.body.address);
    });
    const doctorEnv = (file: string, extra: Record<string, string> = {}) => ({
      RPC_URL_SEPOLIA: chain.rpcUrl,
      CHAIN_DEPLOYMENT_FILE: file,
      RECURRING_PROXY_ADDRESSES: `sepolia:${proxyAddress}`,
      RELAYER_PRIVATE_KEY: relayer.privateKey,
      ...extra,
    });
    const checksOf = (body: Record<string, unknown>) => body.checks as Check[];

    it('passes a healthy local environment: chain id, published and own code, fresh feeds, relayer gas and role', async () => {
      const { code, body } = await json(doctorEnv(deploymentFile), 'doctor');
      expect(checksOf(body).filter((c) => !c.ok)).toEqual([]);
      expect(code).toBe(0);
      expect(body.ok).toBe(true);
      const kinds = (check: string) => checksOf(body).filter((c) => c.check === check);
      expect(kinds('rpc')).toEqual([
        expect.objectContaining({ network: 'sepolia', ok: true, detail: expect.stringContaining(`chain id ${chain.chainId}`) }),
      ]);
      expect(
        kinds('contract')
          .map((c) => c.detail.split(' ')[0])
          .sort(),
      ).toEqual(['ERC20FeeProxy', 'ERC20RecurringPaymentProxy']);
      expect(kinds('contract').find((c) => c.detail.startsWith('ERC20FeeProxy'))!.detail).toContain('@requestnetwork/smart-contracts');
      expect(kinds('contract').find((c) => c.detail.startsWith('ERC20RecurringPaymentProxy'))!.detail).toContain('contracts/build');
      expect(kinds('feed').map((c) => c.detail.split('/')[0])).toEqual(expect.arrayContaining(['EUR', 'fUSDC-sepolia']));
      expect(kinds('relayer-gas')).toHaveLength(1);
      expect(kinds('relayer-role')).toEqual([expect.objectContaining({ ok: true })]);
    });

    it('fails a contract address holding other code or none, and a relayer without gas or role, exiting 1', async () => {
      const wrong = await deployment({ ERC20FeeProxy: chain.tokens.USDC, EthereumFeeProxy: NO_CODE });
      const poor = Wallet.createRandom();
      const { code, body } = await json(doctorEnv(wrong, { RELAYER_PRIVATE_KEY: poor.privateKey }), 'doctor');
      expect(code).toBe(1);
      expect(body.ok).toBe(false);
      const failed = checksOf(body).filter((c) => !c.ok);
      expect(failed.map((c) => [c.check, c.detail])).toEqual(
        expect.arrayContaining([
          [
            'contract',
            expect.stringMatching(
              new RegExp(`^ERC20FeeProxy ${chain.tokens.USDC}: code 0x[0-9a-f]{64} differs from @requestnetwork/smart-contracts`),
            ),
          ],
          ['contract', `EthereumFeeProxy ${NO_CODE}: no code at this address`],
          [
            'relayer-gas',
            expect.stringMatching(new RegExp(`^${poor.address} holds 0.0; 10 executions need [0-9.]+ at today's gas price$`)),
          ],
          ['relayer-role', `${poor.address} lacks RELAYER_ROLE on ${proxyAddress}`],
        ]),
      );
      expect(failed.filter((c) => c.check === 'feed' || c.check === 'rpc')).toEqual([]);
    });

    it('fails an RPC answering another chain id, in JSON and in the human-readable report', async () => {
      const env = doctorEnv(deploymentFile, { RPC_URL_SEPOLIA: `${chain.rpcUrl},${stub.url}` });
      const { code, body } = await json(env, 'doctor');
      expect(code).toBe(1);
      const host = new URL(stub.url).host;
      expect(checksOf(body).filter((c) => c.check === 'rpc')).toEqual([
        expect.objectContaining({ ok: true }),
        { check: 'rpc', network: 'sepolia', ok: false, detail: `${host} answers chain id 1, expected ${chain.chainId}` },
      ]);
      const text = await admin(env, 'doctor');
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(new RegExp(`FAIL rpc +sepolia +${host} answers chain id 1`));
      expect(text.stdout).toMatch(/1 of \d+ checks failed/);
    });

    it('beside npm start (no CHAIN_DEPLOYMENT_FILE, the RPC is its anvil chain) checks the local deployment of .local and passes', async () => {
      const local = await mkdtemp(join(testStack().dir, 'local-stack-'));
      await mkdir(join(local, 'anvil'));
      await copyFile(deploymentFile, join(local, 'anvil', 'deployment.json'));
      const env: Record<string, string> = doctorEnv(deploymentFile, { PAYRAIL_LOCAL_DIR: local });
      delete env.CHAIN_DEPLOYMENT_FILE;
      const { code, body } = await json(env, 'doctor');
      expect(checksOf(body).filter((c) => !c.ok)).toEqual([]);
      expect(code).toBe(0);
      expect(checksOf(body)[0]).toEqual({
        check: 'deployment',
        network: 'sepolia',
        ok: true,
        detail: `${new URL(chain.rpcUrl).host} is a local anvil chain: checking the local deployment of ${join(local, 'anvil', 'deployment.json')} (npm start)`,
      });
      expect(checksOf(body).find((c) => c.detail.startsWith('ERC20FeeProxy'))!.detail).toContain(feeProxy);

      // Without npm start's files, the published addresses are not checked against anvil: one clear failure says why.
      const empty = await mkdtemp(join(testStack().dir, 'no-stack-'));
      const missing = await json({ ...env, PAYRAIL_LOCAL_DIR: empty }, 'doctor');
      expect(missing.code).toBe(1);
      expect(checksOf(missing.body)[0]).toMatchObject({
        check: 'deployment',
        ok: false,
        detail: expect.stringContaining('start the platform with npm start'),
      });
    });

    it('prints no provider key of an RPC URL, even when the RPC error quotes the URL', async () => {
      const key = 'prov1derKey0f0ps5ecret9';
      const keyed = `${new URL(stub.url).origin}/v3/${key}`;
      const failing = `http://127.0.0.1:${await freePort()}/v2/${key}`;
      const env = doctorEnv(deploymentFile, {
        RPC_URL_SEPOLIA: `${chain.rpcUrl},${keyed},${failing}`,
        TRON_API_KEY: 'tron-4pi-key-0f-the-operator',
      });
      const text = await admin(env, 'doctor');
      const body = await json(env, 'doctor');
      expect(text.code).toBe(1);
      expect(checksOf(body.body).filter((c) => !c.ok)).toHaveLength(2);
      for (const output of [text.stdout, JSON.stringify(body.body)]) {
        expect(output).not.toContain(key);
        expect(output).not.toContain('tron-4pi-key-0f-the-operator');
      }
    });
  });
});

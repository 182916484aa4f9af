import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Wallet } from 'ethers';
import { type AppHandle, repoRoot } from '@payrail/devstack';
import { encryptionKeysProblem } from '@payrail/platform';
import { setEtherBalance } from '@payrail/test-support/payments-api/chain-payer.js';
import { type DocBlock, shellBlocks } from '@payrail/test-support/doc-commands.js';
import { appEnv, createTestDatabase, startTestApp, testStack, uniqueName } from '@payrail/test-support/stack.js';

const exec = promisify(execFile);
const RUNBOOK = 'docs/runbook.md';
const blocks = shellBlocks(RUNBOOK);
const local = blocks.filter((b) => b.where === 'local');
/** The variables step 0 exports for production, each bound below to its local value. */
const exported = [...(blocks[0]?.script ?? '').matchAll(/^export ([A-Z_][A-Z0-9_]*)=/gm)].map(([, name]) => name);

// docs/runbook.md, every block accounted for: the `local` ones run here as written, in order,
// against the test stack (anvil as $NETWORK, the harness's PostgreSQL and Redis, a built
// payments-api as $PAYRAIL_API, the operator CLI as $ADMIN), with `set -euo pipefail`.
describe('docs/runbook.md', () => {
  const chain = testStack().chain;
  const relayer = Wallet.createRandom();
  const deployer = Wallet.createRandom();
  let api: AppHandle;
  let env: Record<string, string>;
  const run = async (block: DocBlock): Promise<string> => {
    try {
      return (await exec('bash', ['-euo', 'pipefail', '-c', block.script], { cwd: repoRoot(), env })).stdout;
    } catch (error) {
      const e = error as { stdout: string; stderr: string };
      throw new Error(`${RUNBOOK}:${block.line} failed:\n${e.stdout}\n${e.stderr}`, { cause: error });
    }
  };

  beforeAll(async () => {
    const databaseUrl = await createTestDatabase();
    const appVars = appEnv(databaseUrl, uniqueName('runbook'));
    api = await startTestApp('payments-api', appVars);
    for (const wallet of [relayer, deployer]) await setEtherBalance(chain.rpcUrl, wallet.address, 10n ** 20n);
    const bindings: Record<string, string> = {
      DOMAIN: 'payrail.test',
      NETWORK: 'sepolia',
      RPC_URL: chain.rpcUrl,
      RPC_URL_BASE: '', // production's network; locally the chain is sepolia's
      PAYRAIL_API: api.url,
      CURRENCY: 'fUSDC-sepolia',
      PAYEE_WALLET: Wallet.createRandom().address,
      RELAYER_ADDRESS: relayer.address,
      ADMIN: 'npm run -s admin --',
    };
    env = {
      ...(process.env as Record<string, string>),
      ...appVars,
      ...bindings,
      RPC_URL_SEPOLIA: chain.rpcUrl,
      DEPLOYER_PRIVATE_KEY: deployer.privateKey,
    };
    delete env.RPC_URL_BASE;
    expect(Object.keys(bindings).sort()).toEqual([...exported].sort());
  }, 90_000);
  afterAll(() => api?.stop());

  it('says where every shell block runs: here (local), in the cloud, or in a spec that reads this file', () => {
    expect(blocks.length).toBeGreaterThan(8);
    const unplaced = blocks.filter((b) => !['local', 'cloud'].includes(b.where));
    for (const b of unplaced) {
      expect([b.line, existsSync(join(repoRoot(), b.where)) && readFileSync(join(repoRoot(), b.where), 'utf8').includes(RUNBOOK)]).toEqual([
        b.line,
        true,
      ]);
    }
    expect(local.map((b) => b.script.match(/^\S+/)?.[0])).toEqual(['echo', 'CONFIG_LINE=$(npm', 'kubectl', 'PLATFORM_ID=$($ADMIN']);
  });

  it('creates the encryption keys in the format the apps accept outside local, and a relayer key pair', async () => {
    const lines = (await run(local[0])).trim().split('\n');
    const keys: Record<string, string> = Object.fromEntries(
      lines.slice(0, 2).map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    );
    expect(Object.keys(keys)).toEqual(['PII_ENCRYPTION_KEYS', 'WEBHOOK_ENCRYPTION_KEYS']);
    for (const value of Object.values(keys)) expect(encryptionKeysProblem(value, 'production')).toBeNull();
    const [address, privateKey] = lines[2].split(' ');
    expect(new Wallet(privateKey).address).toBe(address);
  });

  it('deploys the recurring proxy and passes doctor on the network it was deployed to', async () => {
    const out = await run(local[1]);
    expect(out).toMatch(/^RECURRING_PROXY_ADDRESSES=sepolia:0x[0-9a-fA-F]{40}$/m);
    // bash -e: doctor exited 0, every check passed; the relayer's role on the new proxy among them.
    expect(out).toMatch(/relayer-role/);
  }, 60_000);

  it('renders the production overlay for review', async () => {
    expect(await run(local[2])).toMatch(/^\s+6 kind: Deployment$/m);
  });

  it('passes the first smoke test: platform, API key, currencies, a request written and read back', async () => {
    const out = await run(local[3]);
    expect(JSON.parse(out)).toMatchObject({ requestId: expect.any(String), invoiceCurrency: 'fUSDC-sepolia', hasBeenPaid: false });
  }, 60_000);
});

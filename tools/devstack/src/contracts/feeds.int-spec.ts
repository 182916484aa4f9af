import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, JsonRpcProvider } from 'ethers';
import { ANVIL_ACCOUNTS, startAnvil, type AnvilHandle } from '../anvil.js';
import { freePort } from '../ports.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';
import { deployLocalContracts, type LocalDeployment } from './deploy.js';
import { refreshLocalFeeds } from './feeds.js';

// A private anvil: this test moves the chain's clock a day ahead.
describe('local price feeds across days (npm start keeps its chain)', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'payrail-feeds-'));
  let anvil: AnvilHandle;
  let provider: JsonRpcProvider;
  let deployment: LocalDeployment;
  const deployerPrivateKey = ANVIL_ACCOUNTS[0].privateKey;

  beforeAll(async () => {
    await compileContracts();
    anvil = await startAnvil({ port: await freePort(), stateFile: join(scratch, 'state.json') });
    provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { cacheTimeout: -1 });
    deployment = await deployLocalContracts({ rpcUrl: anvil.rpcUrl, deployerPrivateKey });
  });
  afterAll(async () => {
    provider.destroy();
    await anvil.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const roundOf = async (pair: string) => {
    const feed = new Contract(deployment.feeds[pair], loadArtifact('MockV3Aggregator').abi, provider);
    const [roundId, answer, , updatedAt] = (await feed.getFunction('latestRoundData')()) as bigint[];
    return { roundId, answer, updatedAt: Number(updatedAt) };
  };

  it('leaves fresh feeds alone', async () => {
    expect(await refreshLocalFeeds({ rpcUrl: anvil.rpcUrl, deployerPrivateKey, deployment })).toEqual([]);
  });

  it('re-stamps every feed older than an hour with the same answer, in a new round', async () => {
    const before = await roundOf('EUR/USD');
    await provider.send('evm_increaseTime', [26 * 60 * 60]);
    await provider.send('evm_mine', []);
    const refreshed = await refreshLocalFeeds({ rpcUrl: anvil.rpcUrl, deployerPrivateKey, deployment });
    expect(refreshed.sort()).toEqual(Object.keys(deployment.feeds).sort());
    const after = await roundOf('EUR/USD');
    expect(after.answer).toBe(before.answer);
    expect(after.roundId).toBe(before.roundId + 1n);
    expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt + 26 * 60 * 60);
    expect(await refreshLocalFeeds({ rpcUrl: anvil.rpcUrl, deployerPrivateKey, deployment })).toEqual([]);
  });
});

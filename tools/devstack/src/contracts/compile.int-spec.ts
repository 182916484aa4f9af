import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { repoRoot } from '../paths.js';
import { loadArtifact } from './artifacts.js';
import { compileContracts } from './compile.js';

// Runs solc on copies of the sources in scratch directories (file I/O, ~1 s of solc per compile),
// hence int-spec; the repository's own contracts/build is never touched.

const realRoot = repoRoot();
const scratchRoots: string[] = [];
/**
 * Four solc runs over every contract (about 9 s of CPU each since the forwarder's refund pulls in
 * OpenZeppelin's EIP712 and SignatureChecker): the default 60 s is too short on a loaded 2-core machine.
 */
const COMPILES_TIMEOUT_MS = 240_000;

function scratchRepo(withRealContracts: boolean): string {
  const root = mkdtempSync(join(tmpdir(), 'payrail-compile-'));
  scratchRoots.push(root);
  mkdirSync(join(root, 'contracts'));
  symlinkSync(join(realRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
  if (withRealContracts) {
    for (const file of readdirSync(join(realRoot, 'contracts')).filter((f) => f.endsWith('.sol'))) {
      cpSync(join(realRoot, 'contracts', file), join(root, 'contracts', file));
    }
  }
  return root;
}

afterAll(() => {
  for (const root of scratchRoots) rmSync(root, { recursive: true, force: true });
});

test(
  'compiles every contract once, then skips until a source changes or force is set',
  async () => {
    const root = scratchRepo(true);
    const outDir = join(root, 'contracts', 'build');

    expect(await compileContracts({ rootDir: root })).toEqual({ compiled: true, outDir });
    expect(readdirSync(outDir).sort()).toEqual([
      '.sources-hash',
      'DepositForwarder.json',
      'DepositForwarderFactory.json',
      'ERC20RecurringPaymentProxy.json',
      'MockV3Aggregator.json',
      'TestCheapReceiver.json',
      'TestERC20.json',
      'TestFalseToken.json',
      'TestFalseTransferToken.json',
      'TestFeeOnTransferToken.json',
      'TestReentrantPayee.json',
      'TestReentrantToken.json',
      'TestSafeLikeWallet.json',
      'TestSmartWallet.json',
    ]);
    expect(await compileContracts({ rootDir: root })).toEqual({ compiled: false, outDir });
    expect(await compileContracts({ rootDir: root, force: true })).toEqual({ compiled: true, outDir });

    const source = join(root, 'contracts', 'TestERC20.sol');
    writeFileSync(source, `${readFileSync(source, 'utf8')}\n// changed\n`);
    expect(await compileContracts({ rootDir: root })).toEqual({ compiled: true, outDir });

    rmSync(join(outDir, 'TestERC20.json'));
    expect(await compileContracts({ rootDir: root })).toEqual({ compiled: true, outDir });
    expect(existsSync(join(outDir, 'TestERC20.json'))).toBe(true);
  },
  COMPILES_TIMEOUT_MS,
);

test(
  'artifacts hold the contract name, its ABI and 0x-prefixed creation bytecode',
  async () => {
    const root = scratchRepo(true);
    await compileContracts({ rootDir: root });

    const artifact = loadArtifact('TestSafeLikeWallet', root);
    expect(Object.keys(artifact).sort()).toEqual(['abi', 'bytecode', 'contractName']);
    expect(artifact.contractName).toBe('TestSafeLikeWallet');
    expect(artifact.bytecode).toMatch(/^0x60[0-9a-f]{100,}$/);
    const functions = artifact.abi
      .filter((f) => f.type === 'function')
      .map((f) => f.name)
      .sort();
    expect(functions).toEqual(['receivedCount']);
    expect(artifact.abi.some((f) => f.type === 'receive')).toBe(true);
  },
  COMPILES_TIMEOUT_MS,
);

test('a Solidity error fails the compile with solc own message and writes nothing', async () => {
  const root = scratchRepo(false);
  writeFileSync(
    join(root, 'contracts', 'Broken.sol'),
    'pragma solidity ^0.8.20;\ncontract Broken { function f() external { undefinedThing(); } }\n',
  );

  await expect(compileContracts({ rootDir: root })).rejects.toThrow(
    /Solidity compilation failed:[\s\S]*DeclarationError: Undeclared identifier[\s\S]*contracts\/Broken\.sol:2/,
  );
  expect(existsSync(join(root, 'contracts', 'build', '.sources-hash'))).toBe(false);
});

test('imports outside @openzeppelin are refused', async () => {
  const root = scratchRepo(false);
  writeFileSync(join(root, 'contracts', 'Sneaky.sol'), 'pragma solidity ^0.8.20;\nimport "hardhat/console.sol";\ncontract Sneaky {}\n');

  await expect(compileContracts({ rootDir: root })).rejects.toThrow(/Import "hardhat\/console\.sol" not allowed/);
});

test('loadArtifact explains how to produce a missing artifact', () => {
  const root = scratchRepo(false);
  expect(() => loadArtifact('TestERC20', root)).toThrow(/TestERC20\.json is missing; compile first/);
  expect(() => loadArtifact('../package', root)).toThrow('Invalid contract name "../package"');
});

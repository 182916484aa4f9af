import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';

import type { ContractArtifact } from './artifacts.js';
import { repoRoot } from '../paths.js';

export interface CompileOptions {
  /** Repository root; defaults to the directory holding the "payrail" package.json. */
  rootDir?: string;
  /** Recompile even when the sources hash is unchanged. */
  force?: boolean;
}

export interface CompileResult {
  /** false when the sources were unchanged and the existing artifacts were kept. */
  compiled: boolean;
  outDir: string;
}

/** Everything that changes the bytecode goes into the sources hash. */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // Cancun is live on every network Payrail targets; pinning it keeps the bytecode stable across
  // solc upgrades (whose default EVM version moves forward).
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const;

const HASH_FILE = '.sources-hash';
const ALLOWED_IMPORT_PREFIX = '@openzeppelin/';

type ImportResult = { contents: string } | { error: string };

interface SolcError {
  severity: 'error' | 'warning' | 'info';
  formattedMessage?: string;
  message: string;
}

interface SolcContract {
  abi: ContractArtifact['abi'];
  evm: { bytecode: { object: string } };
}

interface SolcOutput {
  errors?: SolcError[];
  contracts?: Record<string, Record<string, SolcContract>>;
}

/**
 * The part of solc-js we use. Its bundled typings declare every member as `any`; these are the
 * documented signatures (`compile` takes and returns standard-JSON strings).
 */
interface SolcCompiler {
  version(): string;
  compile(input: string, callbacks: { import: (path: string) => ImportResult }): string;
}

/** solc-js, loaded on first use: its compiler is megabytes of JavaScript that importers of the devstack who never compile (most test files) should not parse. */
async function loadCompiler(): Promise<SolcCompiler> {
  const { default: solc } = (await import('solc')) as { default: SolcCompiler };
  return solc;
}

/**
 * Compiles every contracts/*.sol into contracts/build/<ContractName>.json ({contractName, abi,
 * bytecode}). Skips the work when the sources, OpenZeppelin version, solc version and settings
 * hash to the value in contracts/build/.sources-hash. Throws with solc's messages on any error.
 */
export async function compileContracts(opts: CompileOptions = {}): Promise<CompileResult> {
  const rootDir = resolve(opts.rootDir ?? repoRoot());
  const contractsDir = join(rootDir, 'contracts');
  const outDir = join(contractsDir, 'build');
  const sources = await readSources(rootDir, contractsDir);
  const compiler = await loadCompiler();
  const hash = sourcesHash(compiler, rootDir, sources);

  if (!opts.force && (await isUpToDate(outDir, hash))) return { compiled: false, outDir };

  const output = runSolc(compiler, rootDir, sources);
  const artifacts = collectArtifacts(output, new Set(Object.keys(sources)));
  await writeArtifacts(outDir, artifacts, hash);
  return { compiled: true, outDir };
}

/** Source unit names are repo-relative with forward slashes: "contracts/TestERC20.sol". */
async function readSources(rootDir: string, contractsDir: string): Promise<Record<string, string>> {
  const files = (await readdir(contractsDir)).filter((f) => f.endsWith('.sol')).sort();
  if (files.length === 0) throw new Error(`No .sol files in ${contractsDir}`);
  const sources: Record<string, string> = {};
  for (const file of files) {
    const unitName = relative(rootDir, join(contractsDir, file)).split(sep).join('/');
    sources[unitName] = await readFile(join(contractsDir, file), 'utf8');
  }
  return sources;
}

function sourcesHash(compiler: SolcCompiler, rootDir: string, sources: Record<string, string>): string {
  const hash = createHash('sha256');
  hash.update(`solc ${compiler.version()}\n`);
  hash.update(`openzeppelin ${openZeppelinVersion(rootDir)}\n`);
  hash.update(`${JSON.stringify(SETTINGS)}\n`);
  for (const [name, content] of Object.entries(sources)) hash.update(`${name}\n${content}\n`);
  return hash.digest('hex');
}

function openZeppelinVersion(rootDir: string): string {
  const manifest = join(rootDir, 'node_modules', '@openzeppelin', 'contracts', 'package.json');
  if (!existsSync(manifest)) return 'absent';
  const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string };
  return parsed.version ?? 'unknown';
}

/** The hash file holds the hash on its first line and one artifact name per following line. */
async function isUpToDate(outDir: string, hash: string): Promise<boolean> {
  const hashPath = join(outDir, HASH_FILE);
  if (!existsSync(hashPath)) return false;
  const [recorded, ...names] = (await readFile(hashPath, 'utf8')).trim().split('\n');
  return recorded === hash && names.length > 0 && names.every((n) => existsSync(join(outDir, `${n}.json`)));
}

function runSolc(compiler: SolcCompiler, rootDir: string, sources: Record<string, string>): SolcOutput {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: SETTINGS,
  };
  const output = JSON.parse(compiler.compile(JSON.stringify(input), { import: importResolver(rootDir) })) as SolcOutput;

  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) {
    const details = errors.map((e) => e.formattedMessage ?? e.message).join('\n');
    throw new Error(`Solidity compilation failed:\n${details}`);
  }
  return output;
}

/** Resolves "@openzeppelin/..." imports from node_modules and refuses anything else. */
function importResolver(rootDir: string): (path: string) => ImportResult {
  const nodeModules = join(rootDir, 'node_modules');
  return (importPath) => {
    if (!importPath.startsWith(ALLOWED_IMPORT_PREFIX)) {
      return { error: `Import "${importPath}" not allowed: only ${ALLOWED_IMPORT_PREFIX}* resolves from node_modules` };
    }
    const file = resolve(nodeModules, importPath);
    if (!file.startsWith(nodeModules + sep) || !existsSync(file)) {
      return { error: `Import "${importPath}" not found under ${nodeModules}` };
    }
    return { contents: readFileSync(file, 'utf8') };
  };
}

function collectArtifacts(output: SolcOutput, ownSources: Set<string>): ContractArtifact[] {
  const artifacts: ContractArtifact[] = [];
  for (const [unitName, contracts] of Object.entries(output.contracts ?? {})) {
    if (!ownSources.has(unitName)) continue; // OpenZeppelin units are libraries of ours, not artifacts
    for (const [contractName, contract] of Object.entries(contracts)) {
      const object = contract.evm.bytecode.object;
      if (object.length === 0) continue; // interfaces and abstract contracts cannot be deployed
      artifacts.push({ contractName, abi: contract.abi, bytecode: `0x${object}` });
    }
  }
  const names = artifacts.map((a) => a.contractName);
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate) throw new Error(`Two contracts are named ${duplicate}; artifact names must be unique`);
  return artifacts.sort((a, b) => a.contractName.localeCompare(b.contractName));
}

/** Writes each file through a temporary name so a concurrent reader never sees half a file. */
async function writeArtifacts(outDir: string, artifacts: ContractArtifact[], hash: string): Promise<void> {
  await mkdir(outDir, { recursive: true });
  const keep = new Set(artifacts.map((a) => `${a.contractName}.json`));
  for (const stale of (await readdir(outDir)).filter((f) => f.endsWith('.json') && !keep.has(f))) {
    await rm(join(outDir, stale), { force: true });
  }
  for (const artifact of artifacts) {
    await writeAtomically(join(outDir, `${artifact.contractName}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
  }
  const names = artifacts.map((a) => a.contractName).join('\n');
  await writeAtomically(join(outDir, HASH_FILE), `${hash}\n${names}\n`);
}

async function writeAtomically(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(tmp, content);
  await rename(tmp, path);
}

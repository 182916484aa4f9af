import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonFragment } from 'ethers';

import { repoRoot } from '../paths.js';

/** What compileContracts writes to contracts/build/<contractName>.json. */
export interface ContractArtifact {
  contractName: string;
  abi: JsonFragment[];
  /** 0x-prefixed creation bytecode. */
  bytecode: string;
}

/**
 * Reads contracts/build/<name>.json. `rootDir` defaults to the repository root found above this
 * module (works from source and from dist/). Synchronous so callers can build ABIs at start-up.
 */
export function loadArtifact(name: string, rootDir: string = repoRoot()): ContractArtifact {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Invalid contract name "${name}"`);
  const file = join(rootDir, 'contracts', 'build', `${name}.json`);
  if (!existsSync(file)) {
    throw new Error(`Contract artifact ${file} is missing; compile first (npm run contracts:compile)`);
  }
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isArtifact(parsed) || parsed.contractName !== name) {
    throw new Error(`Contract artifact ${file} is not a {contractName: "${name}", abi, bytecode} object`);
  }
  return parsed;
}

function isArtifact(value: unknown): value is ContractArtifact {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof ContractArtifact, unknown>>;
  return (
    typeof candidate.contractName === 'string' &&
    Array.isArray(candidate.abi) &&
    typeof candidate.bytecode === 'string' &&
    /^0x[0-9a-fA-F]+$/.test(candidate.bytecode)
  );
}

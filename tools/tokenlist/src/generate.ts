import { join } from 'node:path';
import { NETWORKS } from '@payrail/chains';
import { repoRoot } from '@payrail/devstack';
import { format, resolveConfig } from 'prettier';
import { buildTokenList, type TokenListFile } from './build.js';
import { PINNED_TOKENS } from './pins.js';
import { loadSources } from './sources.js';

/** Where the generated list is committed. */
export const TOKEN_LIST_PATH = join(repoRoot(), 'libs', 'chains', 'src', 'currencies', 'token-list.json');

/** Builds the list from the installed packages. */
export function generateTokenList(): TokenListFile {
  return buildTokenList(loadSources(), PINNED_TOKENS, Object.values(NETWORKS));
}

/** The file's text, formatted as the repository's Prettier config wants it (so `prettier --check` passes). */
export async function tokenListText(list: TokenListFile): Promise<string> {
  const options = (await resolveConfig(TOKEN_LIST_PATH)) ?? {};
  return format(JSON.stringify(list), { ...options, filepath: TOKEN_LIST_PATH });
}

import { writeFile } from 'node:fs/promises';
import { generateTokenList, TOKEN_LIST_PATH, tokenListText } from './generate.js';

// Regenerates libs/chains/src/currencies/token-list.json from the installed token-list packages.
// After upgrading one of them: `node scripts/build.mjs && node dist/tools/tokenlist/src/generate-cli.js`.
const list = generateTokenList();
await writeFile(TOKEN_LIST_PATH, await tokenListText(list));
const byNetwork: Record<string, number> = {};
for (const c of list.currencies) byNetwork[c.network] = (byNetwork[c.network] ?? 0) + 1;
console.log(`${list.currencies.length} currencies written to ${TOKEN_LIST_PATH}`, byNetwork);

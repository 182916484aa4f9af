import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory above this module whose package.json is "payrail" (contracts/build lives there). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'payrail') return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('cannot find the payrail repository root (contracts/build)');
    dir = up;
  }
}

// Refreshes libs/chains/src/conversion/fixtures/rn-aggregators/ from a published version of
// @requestnetwork/currency (its dist/aggregators/<network>.json: the graph of USD rates Request
// Network's ChainlinkConversionPath holds). Maintainer tool, never run by tests: it downloads the
// package with `npm pack` (which checks the registry's integrity), copies the production
// networks' files verbatim and records the version, integrity and each file's sha256.
// Usage: node scripts/refresh-rn-aggregators.mjs 0.33.0
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const NETWORKS = ['mainnet', 'base', 'optimism', 'arbitrum-one', 'matic', 'bsc', 'sepolia'];
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) {
  console.error('usage: node scripts/refresh-rn-aggregators.mjs <version>');
  process.exit(2);
}
const out = join(import.meta.dirname, '..', 'libs', 'chains', 'src', 'conversion', 'fixtures', 'rn-aggregators');
const work = mkdtempSync(join(tmpdir(), 'rn-currency-'));
try {
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', `@requestnetwork/currency@${version}`, '--json', '--pack-destination', work], { encoding: 'utf8' }),
  );
  execFileSync('tar', ['xzf', join(work, packed.filename), '-C', work]);
  const files = {};
  for (const network of NETWORKS) {
    const content = readFileSync(join(work, 'package', 'dist', 'aggregators', `${network}.json`));
    writeFileSync(join(out, `${network}.json`), content);
    files[`${network}.json`] = createHash('sha256').update(content).digest('hex');
  }
  const source = {
    package: '@requestnetwork/currency',
    version,
    integrity: packed.integrity,
    directory: 'dist/aggregators',
    refreshedBy: 'node scripts/refresh-rn-aggregators.mjs <version>',
    files: Object.fromEntries(Object.entries(files).sort()),
  };
  writeFileSync(join(out, 'source.json'), `${JSON.stringify(source, null, 2)}\n`);
  console.log(`rn-aggregators: @requestnetwork/currency@${version} (${packed.integrity})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

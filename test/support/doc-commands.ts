import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';

/**
 * A fenced ```sh block of a doc. Its first line says where it runs: `# where: local` (run by
 * test/infra/runbook.e2e-spec.ts against the test stack), `# where: cloud` (needs a cluster or a
 * cloud account; listed, not run) or `# where: <spec file>` (that spec runs it).
 */
export interface DocBlock {
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  where: string;
  /** The block without its `# where:` line. */
  script: string;
}

export function shellBlocks(doc: string): DocBlock[] {
  const text = readFileSync(join(repoRoot(), doc), 'utf8');
  return [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => {
    const [first, ...rest] = match[1].trimEnd().split('\n');
    const where = /^# where: (.+)$/.exec(first)?.[1]?.trim() ?? '';
    return {
      doc,
      line: text.slice(0, match.index).split('\n').length,
      where,
      script: (where ? rest : [first, ...rest]).join('\n'),
    };
  });
}

/** The blocks of `doc` that `spec` (its path from the repository root) says it runs. */
export function blocksRunBy(doc: string, spec: string): DocBlock[] {
  return shellBlocks(doc).filter((b) => b.where === spec);
}

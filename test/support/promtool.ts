import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/promtool', '/usr/local/bin/promtool'];

/**
 * Debian's promtool (package `prometheus`), installed with apt-get when missing and we are root.
 * Undefined where it cannot be had (no apt, no root, no package): the caller then checks the rules
 * with the PromQL grammar alone (test/infra/promql.ts).
 */
export function ensurePromtool(): string | undefined {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found || process.getuid?.() !== 0) return found;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '-q', '--no-install-recommends', 'prometheus'], {
      stdio: 'ignore',
      env,
    });
  try {
    install();
  } catch {
    try {
      execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update', '-q'], { stdio: 'ignore', env });
      install();
    } catch {
      return undefined;
    }
  }
  return CANDIDATES.find((p) => existsSync(p));
}

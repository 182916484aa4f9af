// The Debian packages the tests need beyond Node and npm, each with the file that proves it is
// installed, and their installer: one apt-get run (test files that each ran apt-get from two
// Jest workers at once raced for dpkg's lock). `npm test` (scripts/test.mjs) runs this file in the
// background while it builds and lints, so a fresh machine's downloads overlap that work; Jest's
// global setup calls installDebianPackages() again, which finds nothing missing by then (and
// installs them itself when Jest is run alone). Without root nothing is installed: the files that
// need a package say so. The test files and tools/devstack keep their own install as a fallback.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const anyOf = (...paths) => paths.some((path) => existsSync(path));

export const DEBIAN_PACKAGES = [
  // the platform's cache and queues (tools/devstack starts it)
  { name: 'redis-server', present: () => anyOf('/usr/bin/redis-server', '/usr/local/bin/redis-server', '/usr/sbin/redis-server') },
  // browser e2e, installed with its recommends (fonts), as tools/devstack installs it for npm start
  { name: 'chromium', present: () => anyOf('/usr/bin/chromium', '/usr/bin/chromium-browser'), recommends: true },
  // alert rules
  { name: 'prometheus', present: () => anyOf('/usr/bin/promtool', '/usr/local/bin/promtool') },
  {
    // backup/restore: a server with its own pg_dump, pg_restore and psql
    name: 'postgresql',
    present: () =>
      existsSync('/usr/lib/postgresql') &&
      readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/pg_dump`)),
  },
];

/** The names of the packages not on this machine. */
export function missingDebianPackages() {
  return DEBIAN_PACKAGES.filter((p) => !p.present()).map((p) => p.name);
}

/** Installs the missing packages (apt-get update once when the lists are stale); answers what it installed. */
export function installDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0 || process.getuid?.() !== 0) return [];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) => execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], { stdio: 'ignore', env });
  const withRecommends = DEBIAN_PACKAGES.filter((p) => p.recommends && missing.includes(p.name)).map((p) => p.name);
  const rest = missing.filter((name) => !withRecommends.includes(name));
  const install = () => {
    if (withRecommends.length > 0) apt(['install', '-y', '-q', ...withRecommends]);
    if (rest.length > 0) apt(['install', '-y', '-q', '--no-install-recommends', ...rest]);
  };
  try {
    install();
  } catch {
    apt(['update', '-q']);
    install();
  }
  return missing;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const installed = installDebianPackages();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(installed.length > 0 ? `debian packages: installed ${installed.join(', ')} in ${seconds} s` : 'debian packages: all present');
}

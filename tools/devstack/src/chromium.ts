import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** Debian's Chromium for browser tests, installed with apt-get when missing and we are root. */
export function ensureChromium(): string {
  const found = CANDIDATES.find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('chromium is not installed: run `sudo apt-get install -y chromium` and try again');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'ignore', env });
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'ignore', env });
    execFileSync('apt-get', ['install', '-y', '-q', 'chromium'], { stdio: 'ignore', env });
  }
  const installed = CANDIDATES.find((p) => existsSync(p));
  if (!installed) throw new Error('apt-get install chromium finished but no chromium binary was found');
  return installed;
}

/** Flags for headless Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

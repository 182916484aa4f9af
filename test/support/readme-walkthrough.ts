import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const SECTION = '## A first payment in five calls';
const INVOICE_SECTION = '## A first invoice in five calls';
/** The port the README's receiver listens on; the test moves it to a free one. */
const README_RECEIVER_PORT = 4000;

/** The shell blocks of the README's first-payment section, in order, without their list indentation. */
export function firstPaymentBlocks(readme: string): string[] {
  return sectionBlocks(readme, SECTION);
}

/** The shell blocks of one README section, in order, without their list indentation. */
function sectionBlocks(readme: string, heading: string): string[] {
  const start = readme.indexOf(heading);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^( *)```sh\n([\s\S]*?)^\1```$/gm)].map(([, indent, body]) =>
    body
      .split('\n')
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line))
      .join('\n')
      .trimEnd(),
  );
}

/**
 * A bash script running the README's blocks exactly as written (only the receiver's port moved):
 * the set-up (receiver in the background), calls 1-3, then calls 4 and 5 repeated until the
 * payment is settled and its delivery succeeded ("a moment later"), their last answers printed
 * after `@@request ` and `@@deliveries `.
 */
export function walkthroughScript(readme: string, receiverPort: number): string {
  const blocks = firstPaymentBlocks(readme).map((block) => block.replaceAll(String(README_RECEIVER_PORT), String(receiverPort)));
  if (blocks.length !== 6) throw new Error(`expected the set-up and five calls in the README, found ${blocks.length} shell blocks`);
  const [setUp, register, payout, pay, request, deliveries] = blocks;
  return [
    'set -euo pipefail',
    setUp,
    'RECEIVER=$!',
    "trap 'kill $RECEIVER' EXIT",
    'sleep 0.5',
    register,
    'echo',
    payout,
    'echo',
    pay,
    'echo',
    until('request', request, '"hasBeenPaid":true'),
    until('deliveries', deliveries, '"status":"succeeded"'),
  ].join('\n');
}

/**
 * A bash script running the README's first-invoice blocks exactly as written: the set-up, the
 * invoice, its routes, its transactions, sending them, then the status record repeated until it
 * is paid, its last answer printed after `@@invoice `.
 */
export function invoiceWalkthroughScript(readme: string): string {
  const blocks = sectionBlocks(readme, INVOICE_SECTION);
  if (blocks.length !== 6) throw new Error(`expected the set-up and five calls in the README's invoice guide, found ${blocks.length}`);
  const [setUp, create, routes, pay, send, invoice] = blocks;
  return [
    'set -euo pipefail',
    setUp,
    create,
    'echo',
    routes,
    'echo',
    pay,
    'echo',
    send,
    'echo',
    until('invoice', invoice, '"hasBeenPaid":true'),
  ].join('\n');
}

/** A bash loop calling `block` (as function `name`) until its answer holds `done`, then printing it after `@@name `. */
function until(name: string, block: string, done: string): string {
  return [
    `${name}() {\n${block}\n}`,
    `for i in $(seq 1 60); do OUT=$(${name}); case "$OUT" in *'${done}'*) break ;; esac; sleep 0.5; done`,
    `echo "@@${name} $OUT"`,
  ].join('\n');
}

/** PATH for the walkthrough: this Node first, and a curl stand-in only where the machine has no curl. */
export function walkthroughPath(): string {
  const hasCurl = spawnSync('curl', ['--version']).status === 0;
  const standIn = join(dirname(new URL(import.meta.url).pathname), 'bin');
  return [dirname(process.execPath), ...(hasCurl ? [] : [standIn]), process.env.PATH ?? ''].join(':');
}

/** What a walkthrough printed, and its JSON answers (the lines that start with `{`) to pick from by a key they hold. */
export interface WalkthroughRun {
  code: number | null;
  out: string;
  /** The lines printed that start with `{`: the calls' JSON answers and the receiver's bodies. */
  answers: string[];
  pick: (key: string) => Record<string, unknown>;
  /** The JSON printed after `@@name ` by a repeated call. */
  last: (name: string) => Record<string, unknown>;
}

/**
 * Runs a README walkthrough script with bash as a reader would at the repository root, where
 * `npm start` keeps .local/: here a temporary directory whose .local is the stack's own directory.
 */
export async function runWalkthrough(script: string, stackDir: string): Promise<WalkthroughRun> {
  const cwd = await mkdtemp(join(tmpdir(), 'payrail-readme-'));
  await symlink(stackDir, join(cwd, '.local'));
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve) => {
    const bash = spawn('bash', ['-c', script], { cwd, env: { PATH: walkthroughPath(), HOME: process.env.HOME ?? '/root' } });
    let text = '';
    bash.stdout.on('data', (d: Buffer) => (text += d.toString()));
    bash.stderr.on('data', (d: Buffer) => (text += d.toString()));
    bash.once('close', (exit) => resolve({ code: exit, out: text }));
  });
  await rm(cwd, { recursive: true, force: true });
  const answers = out.split('\n').filter((line) => line.startsWith('{'));
  return {
    code,
    out,
    answers,
    pick: (key) => JSON.parse(answers.find((line) => line.includes(`"${key}"`)) ?? 'null') as Record<string, unknown>,
    last: (name) => JSON.parse(out.split(`@@${name} `)[1]?.split('\n')[0] ?? 'null') as Record<string, unknown>,
  };
}

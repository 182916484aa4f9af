import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';

const SECTION = '## A first payment in five calls';
/** The port the README's receiver listens on; the test moves it to a free one. */
const README_RECEIVER_PORT = 4000;

/** The shell blocks of the README's first-payment section, in order, without their list indentation. */
export function firstPaymentBlocks(readme: string): string[] {
  const start = readme.indexOf(SECTION);
  if (start < 0) throw new Error(`README has no "${SECTION}" section`);
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
  const until = (name: string, block: string, done: string) =>
    [
      `${name}() {\n${block}\n}`,
      `for i in $(seq 1 60); do OUT=$(${name}); case "$OUT" in *'${done}'*) break ;; esac; sleep 0.5; done`,
      `echo "@@${name} $OUT"`,
    ].join('\n');
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

/** PATH for the walkthrough: this Node first, and a curl stand-in only where the machine has no curl. */
export function walkthroughPath(): string {
  const hasCurl = spawnSync('curl', ['--version']).status === 0;
  const standIn = join(dirname(new URL(import.meta.url).pathname), 'bin');
  return [dirname(process.execPath), ...(hasCurl ? [] : [standIn]), process.env.PATH ?? ''].join(':');
}

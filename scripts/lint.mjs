// The lint gate of `npm test` and `npm run lint`: type-aware ESLint (the walls of eslint.config.js
// included) and Prettier's check, run side by side (ESLint is single-threaded and the longest; the
// others finish within its time on two cores), each one's output printed whole once it ends. Fails
// when any fails. Needs the API types of libs/web generated first (scripts/build.mjs or
// `build-web.mjs --types-only` does it). ESLint's own --concurrency does not pay here: each worker
// builds its own TypeScript program (measured: slower and more CPU on two cores).
import { bin, runCaptured } from './run.mjs';

/** One lint job, named in the summary. */
const run = async (name, cmd, args) => ({ name, ...(await runCaptured(cmd, args)) });

const jobs = [run('eslint', bin('eslint'), ['.']), run('prettier', bin('prettier'), ['--check', '.', '--log-level', 'warn'])];
// `npm test` type-checks everything (tests included) here too: tsc runs on the second core while ESLint runs on the first.
if (process.argv.includes('--typecheck')) jobs.push(run('tsc', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']));
const results = await Promise.all(jobs);
for (const { name, code, output, seconds } of results) {
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  console.log(`${name}: ${code === 0 ? 'clean' : 'FAILED'} in ${seconds.toFixed(1)} s`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);

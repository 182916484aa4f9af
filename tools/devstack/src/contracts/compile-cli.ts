// Entry point for `npm run contracts:compile`: compiles contracts/*.sol unless they are unchanged.
import { compileContracts } from './compile.js';

const force = process.argv.includes('--force');
const started = Date.now();

try {
  const { compiled, outDir } = await compileContracts({ force });
  const verb = compiled ? 'compiled into' : 'unchanged, kept';
  console.log(`contracts: ${verb} ${outDir} (${Date.now() - started} ms)`);
} catch (error: unknown) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}

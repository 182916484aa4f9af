import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { isPayrailError } from '@payrail/domain';
import { COMMANDS, USAGE } from './commands.js';
import { useLocalStack } from './local-stack.js';

// Operator CLI: `npm run -s admin -- client-id create --platform ID --origin https://shop.example --json`.
// Reads DATABASE_URL and REDIS_URL like the apps; locally, unset ones come from the platform `npm start`
// runs (.local/stack.json, said on stderr). Prints one object (JSON with --json).
const { values, positionals } = parseArgs({
  allowPositionals: true,
  strict: true,
  options: {
    json: { type: 'boolean' },
    name: { type: 'string' },
    platform: { type: 'string' },
    origin: { type: 'string', multiple: true },
    tier: { type: 'string' },
    label: { type: 'string' },
    status: { type: 'string' },
    'client-id': { type: 'string' },
    'key-prefix': { type: 'string' },
    orchestrator: { type: 'string' },
    'fee-percentage': { type: 'string' },
    'fee-address': { type: 'string' },
  },
});
const json = values.json === true;
const print = (result: object) =>
  console.log(
    json
      ? JSON.stringify(result)
      : Object.entries(result)
          .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
          .join('\n'),
  );

const command = COMMANDS[positionals.slice(0, 2).join(' ')];
if (!command) {
  console.error(USAGE);
  process.exit(2);
}
const localStack = useLocalStack(process.env, process.cwd());
if (localStack) console.error(localStack);
// Imported only now: the module validates the environment when it is loaded.
const { AdminModule } = await import('./admin.module.js');
const app = await NestFactory.createApplicationContext(AdminModule, { logger: ['error'] });
let exitCode = 0;
try {
  print(await command(app, values));
} catch (error) {
  exitCode = 1;
  const body = isPayrailError(error)
    ? { error: { code: error.code, message: error.message, ...(error.details.fields ? { fields: error.details.fields } : {}) } }
    : { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } };
  if (json) console.log(JSON.stringify(body));
  else console.error(`error: ${body.error.message}`);
} finally {
  await app.close();
}
process.exit(exitCode);

import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { isPayrailError } from '@payrail/domain';
import { CHAIN_COMMANDS, CHAIN_USAGE } from './chain/chain-commands.js';
import { COMMANDS, USAGE } from './commands.js';

// Operator CLI: `npm run -s admin -- client-id create --platform ID --origin https://shop.example --json`.
// Reads DATABASE_URL and REDIS_URL like the apps. Prints one object (JSON with --json).
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
    network: { type: 'string' },
    'rpc-url': { type: 'string' },
    owner: { type: 'string' },
    relayer: { type: 'string' },
    'fee-proxy': { type: 'string' },
    salt: { type: 'string' },
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

const errorBody = (error: unknown) =>
  isPayrailError(error)
    ? { error: { code: error.code, message: error.message, ...(error.details.fields ? { fields: error.details.fields } : {}) } }
    : { error: { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) } };

// Chain commands (doctor, recurring-proxy deploy) talk to chains only: no Nest context, no database.
const chainCommand = CHAIN_COMMANDS[positionals.slice(0, 2).join(' ')] ?? CHAIN_COMMANDS[positionals[0] ?? ''];
if (chainCommand) {
  try {
    const { result, text, exitCode } = await chainCommand(values);
    console.log(json ? JSON.stringify(result) : text);
    process.exit(exitCode);
  } catch (error) {
    const body = errorBody(error);
    if (json) console.log(JSON.stringify(body));
    else console.error(`error: ${body.error.message}`);
    process.exit(1);
  }
}

const command = COMMANDS[positionals.slice(0, 2).join(' ')];
if (!command) {
  console.error(`${USAGE}\n${CHAIN_USAGE}`);
  process.exit(2);
}
// Imported here: the module validates DATABASE_URL and REDIS_URL as it loads, which the chain commands do not need.
const { AdminModule } = await import('./admin.module.js');
const app = await NestFactory.createApplicationContext(AdminModule, { logger: ['error'] });
let exitCode = 0;
try {
  print(await command(app, values));
} catch (error) {
  exitCode = 1;
  const body = errorBody(error);
  if (json) console.log(JSON.stringify(body));
  else console.error(`error: ${body.error.message}`);
} finally {
  await app.close();
}
process.exit(exitCode);

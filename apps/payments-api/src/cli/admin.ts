import 'reflect-metadata';
import { enableCompileCache } from 'node:module';
import { parseArgs } from 'node:util';
import { NestFactory } from '@nestjs/core';
import { isPayrailError } from '@payrail/domain';
import { CHAIN_COMMANDS, CHAIN_USAGE } from './chain/chain-commands.js';
import { COMMANDS, USAGE } from './commands.js';
import { LISTEN_USAGE, runListen } from './listen/listen-command.js';
import { useLocalStack } from './local-stack.js';

// Operator CLI: `npm run -s admin -- client-id create --platform ID --origin https://shop.example --json`.
// Reads DATABASE_URL and REDIS_URL like the apps; locally, unset ones come from the platform `npm start`
// runs (.local/stack.json, said on stderr). Prints one object (JSON with --json).
// Each command is a fresh process: Node's on-disk V8 code cache (the OS temp dir, or
// NODE_COMPILE_CACHE) spares later runs most of compiling the modules imported below.
enableCompileCache();
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
    wallet: { type: 'string' },
    relayer: { type: 'string' },
    'fee-proxy': { type: 'string' },
    salt: { type: 'string' },
    'forward-to': { type: 'string' },
    'api-url': { type: 'string' },
    'api-key': { type: 'string' },
    secret: { type: 'string' },
    'interval-ms': { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    run: { type: 'string' },
    confirmations: { type: 'string' },
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

// `listen` is a client of the events API: no Nest context, no database.
if (positionals[0] === 'listen') process.exit(await runListen(values, process.env, process.cwd()));

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
  console.error(`${USAGE}\n${CHAIN_USAGE}\n${LISTEN_USAGE}`);
  process.exit(2);
}
const localStack = useLocalStack(process.env, process.cwd());
if (localStack) console.error(localStack);
// Imported only now: the module validates DATABASE_URL and REDIS_URL as it loads, which the chain
// commands do not need and which the local stack may have just filled in.
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

import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWebServerEnv } from './web-server-env.js';
import { startWebServer } from './server.js';

// The container process of a browser app (docker/Dockerfile target `web`): `node dist/apps/web-server/src/main.js`.
const env = parseWebServerEnv(process.env);
const distRoot = join(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');
const server = await startWebServer({
  root: env.root ?? join(distRoot, 'web', env.app),
  port: env.port,
  host: '0.0.0.0',
  config: env.config,
  proxy: env.proxy,
});
console.log(JSON.stringify({ level: 'info', msg: `web-server ${env.app} listening`, port: server.port }));
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

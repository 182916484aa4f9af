import 'reflect-metadata';
import { createHttpApp, listen } from '@payrail/platform';
import { ChainWorkerModule } from './app.module.js';

// The HTTP server only answers the health probes.
process.title = 'payrail-chain-worker';
const app = await createHttpApp(ChainWorkerModule.forRoot());
await listen(app);

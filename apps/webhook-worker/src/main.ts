import 'reflect-metadata';
import { createHttpApp, listen } from '@payrail/platform';
import { WebhookWorkerModule } from './app.module.js';

// The HTTP server only answers the health probes.
process.title = 'payrail-webhook-worker';
const app = await createHttpApp(WebhookWorkerModule.forRoot());
await listen(app);

import 'reflect-metadata';
import { createHttpApp, listen } from '@payrail/platform';
import { PaymentsApiModule } from './app.module.js';
import { PAYMENTS_API_OPENAPI } from './openapi-info.js';

process.title = 'payrail-payments-api';
const app = await createHttpApp(PaymentsApiModule.forRoot(), { openApi: PAYMENTS_API_OPENAPI, credentials: true });
await listen(app, { api: true });

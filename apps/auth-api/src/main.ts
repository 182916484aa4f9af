import 'reflect-metadata';
import { createHttpApp, listen } from '@payrail/platform';
import { AuthApiModule } from './app.module.js';
import { AUTH_API_OPENAPI } from './openapi-info.js';

process.title = 'payrail-auth-api';
const app = await createHttpApp(AuthApiModule.forRoot(), { openApi: AUTH_API_OPENAPI, credentials: true });
await listen(app, { api: true });

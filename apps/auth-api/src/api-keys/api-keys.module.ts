import { Module } from '@nestjs/common';
import { TenancyModule } from '@payrail/tenancy';
import { ApiKeysController } from './api-keys.controller.js';
import { ListApiKeys } from './use-cases/list-api-keys.use-case.js';

/** /v1/api-keys: the platform's API keys for its dashboard (create once, list by prefix, revoke) over the @payrail/tenancy use cases. */
@Module({ imports: [TenancyModule], controllers: [ApiKeysController], providers: [ListApiKeys] })
export class ApiKeysModule {}

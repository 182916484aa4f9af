import { Module } from '@nestjs/common';
import { AppConfigModule, DatabaseModule, RedisModule } from '@payrail/platform';
import { AdminEnv } from './admin.env.js';
import { TenancyModule } from '@payrail/tenancy';

/** The operator CLI's context: the database, Redis (to announce credential changes), the encryption keys and the use cases. */
@Module({ imports: [AppConfigModule.forApp(AdminEnv), DatabaseModule, RedisModule, TenancyModule] })
export class AdminModule {}

import { Module } from '@nestjs/common';
import { AppConfigModule, BaseEnv, DatabaseModule, RedisModule } from '@payrail/platform';
import { TenancyModule } from '../tenancy/tenancy.module.js';

/** The operator CLI's context: the database, Redis (to announce credential changes) and the use cases. */
@Module({ imports: [AppConfigModule.forApp(BaseEnv), DatabaseModule, RedisModule, TenancyModule] })
export class AdminModule {}

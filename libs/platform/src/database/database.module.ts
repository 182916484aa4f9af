import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from '@payrail/persistence';
import { BaseEnv } from '../config/env.js';

/** TypeORM on Postgres for an app; the schema comes only from migrations. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [BaseEnv],
      useFactory: (env: BaseEnv) => ({
        ...dataSourceOptions(env.DATABASE_URL, env.DATABASE_POOL_SIZE),
        retryAttempts: 5,
        retryDelay: 1000,
      }),
    }),
  ],
})
export class DatabaseModule {}

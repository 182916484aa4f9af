import { type DynamicModule, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { BaseEnv, validateEnv } from './env.js';

/**
 * Validates the environment once, at boot, against the app's schema, failing with a
 * message that names every bad variable, and provides the typed result under the schema
 * class and under BaseEnv (for libs); @nestjs/config's ConfigService serves the same
 * validated values. Nothing reads process.env after this.
 */
@Module({})
export class AppConfigModule {
  static forApp<T extends BaseEnv>(schema: new () => T, env: Record<string, unknown> = process.env): DynamicModule {
    const config = validateEnv(schema, env);
    return {
      module: AppConfigModule,
      global: true,
      imports: [ConfigModule.forRoot({ ignoreEnvFile: true, ignoreEnvVars: true, load: [() => ({ ...config })] })],
      providers: [
        { provide: schema, useValue: config },
        { provide: BaseEnv, useValue: config },
      ],
      exports: [schema, BaseEnv, ConfigModule],
    };
  }
}

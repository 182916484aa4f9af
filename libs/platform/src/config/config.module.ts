import { type DynamicModule, Module } from '@nestjs/common';
import { BaseEnv, validateEnv } from './env.js';

type EnvClass = abstract new (...args: never[]) => unknown;

/**
 * Validates the environment once, at boot, against the app's schema, failing with a
 * message that names every bad variable, and provides the typed result under the schema
 * class and under BaseEnv (for libs). Nothing reads process.env after this.
 */
@Module({})
export class AppConfigModule {
  static forApp<T extends BaseEnv>(schema: new () => T, env: Record<string, unknown> = process.env): DynamicModule {
    const config = validateEnv(schema, env);
    // The validated object is provided under its class and every ancestor class (BaseEnv,
    // HttpApiEnv, ...), so libs inject the part they know.
    const tokens: EnvClass[] = [];
    for (let c: unknown = schema; typeof c === 'function' && c !== Function.prototype; c = Object.getPrototypeOf(c)) {
      tokens.push(c as EnvClass);
      if (c === BaseEnv) break;
    }
    return {
      module: AppConfigModule,
      global: true,
      providers: tokens.map((token) => ({ provide: token, useValue: config })),
      exports: tokens,
    };
  }
}

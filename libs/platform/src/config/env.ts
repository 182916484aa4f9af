import 'reflect-metadata';
import { plainToInstance, Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateBy,
  validateSync,
  type ValidationArguments,
  type ValidationError,
} from 'class-validator';

export const ENVIRONMENTS = ['local', 'staging', 'production'] as const;
export type PayrailEnvironment = (typeof ENVIRONMENTS)[number];

const URL_OF = (schemes: string[]): RegExp => new RegExp(`^(${schemes.join('|')})://[^\\s]+$`);

/** Variables every Payrail process reads. App-specific schemas extend this class. */
export class BaseEnv {
  @IsIn(['production', 'development', 'test'])
  NODE_ENV: 'production' | 'development' | 'test' = 'development';

  @IsIn(ENVIRONMENTS)
  PAYRAIL_ENV: PayrailEnvironment = 'local';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 0;

  /**
   * Port of the Prometheus metrics endpoint (`GET /metrics`), apart from the public API so that
   * an ingress never exposes it; must differ from PORT. Each app has its own default.
   */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(65535)
  @ValidateBy({
    name: 'notThePublicPort',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => value !== (args?.object as BaseEnv).PORT,
      defaultMessage: () => 'must differ from PORT: metrics are served apart from the public API',
    },
  })
  METRICS_PORT: number = 9464;

  /**
   * Address the API (PORT) and metrics (METRICS_PORT) listen on. A container listens on every
   * interface; `npm start` passes 127.0.0.1 unless BIND_HOST is set (docs/security.md).
   */
  @IsIP(undefined, { message: 'must be an IP address (0.0.0.0: every interface, 127.0.0.1: this machine only)' })
  BIND_HOST: string = '0.0.0.0';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /**
   * Log lines are gathered up to this many bytes (or 100 ms) per write to stdout; 0 writes each
   * line at once. A SIGKILL or OOM kill can lose at most this much; exits flush.
   */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(1048576)
  LOG_BUFFER_BYTES: number = 4096;

  @Matches(URL_OF(['postgres', 'postgresql']), { message: 'must be a postgres:// URL' })
  DATABASE_URL!: string;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(200)
  DATABASE_POOL_SIZE: number = 10;

  @Matches(URL_OF(['redis', 'rediss']), { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL!: string;

  /** Namespace of every Redis key this deployment writes (queues, limits, sessions). */
  @IsString()
  @Matches(/^[a-zA-Z0-9:_-]{1,64}$/, { message: 'must be 1-64 characters of letters, digits, ":", "_" or "-"' })
  QUEUE_PREFIX: string = 'payrail';

  /** Seconds a process waits for in-flight work after SIGTERM before it exits anyway. */
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(300)
  SHUTDOWN_TIMEOUT_SECONDS: number = 25;

  /** OpenTelemetry traces (see docs/observability.md#traces): off unless `true`; nothing is started when off. */
  @Transform(({ value }: { value: unknown }) =>
    value === undefined ? false : value === true || value === 'true' ? true : value === 'false' ? false : value,
  )
  @IsBoolean({ message: 'must be true or false' })
  OTEL_ENABLED: boolean = false;

  /** OTLP/HTTP base URL of the collector (Jaeger, Tempo, an OpenTelemetry Collector): spans go to `<url>/v1/traces`. */
  @Matches(URL_OF(['http', 'https']), { message: 'must be an http:// or https:// URL' })
  OTEL_EXPORTER_OTLP_ENDPOINT: string = 'http://localhost:4318';

  /** The traces' `service.name`; unset: the app's own name (payrail-payments-api, payrail-chain-worker, ...). */
  @IsOptional()
  @Matches(/^[a-zA-Z0-9._-]{1,64}$/, { message: 'must be 1-64 characters of letters, digits, ".", "_" or "-"' })
  OTEL_SERVICE_NAME?: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
  }
}

function describe(errors: ValidationError[]): string[] {
  return errors.flatMap((e) =>
    Object.values(e.constraints ?? {}).map(
      (message) =>
        // class-validator messages start with the property name; keep one form: "NAME: problem".
        `${e.property}: ${message.startsWith(e.property) ? message.slice(e.property.length).trim() : message}`,
    ),
  );
}

/** Parses and validates `env` into `schema`, naming every bad variable, or throws ConfigError. */
export function validateEnv<T extends BaseEnv>(schema: new () => T, env: Record<string, unknown>): T {
  const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const config = plainToInstance(schema, defined, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: true });
  if (errors.length > 0) throw new ConfigError(describe(errors));
  return config;
}

export { IsOptional };

import { Type } from 'class-transformer';
import { DEFAULT_WEBHOOK_PORTS } from '@payrail/domain';
import { type BaseEnv, IsEncryptionKeyList } from '@payrail/platform';
import { IsInt, Matches, Max, Min, type ValidationArguments, ValidateBy } from 'class-validator';

// TypeScript requires a mixin base to take `...args: any[]`.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Ctor<T = object> = new (...args: any[]) => T;

/** The webhook variables, read by libs through `webhookSettings(env)`. */
export interface WebhookEnvFields {
  WEBHOOK_ENCRYPTION_KEYS?: string;
  WEBHOOK_TEST_WAIT_MS: number;
  WEBHOOK_SECRET_OVERLAP_SECONDS: number;
  WEBHOOK_MAX_ENDPOINTS_PER_OWNER: number;
  WEBHOOK_MAX_ENDPOINTS_PER_HOST: number;
  WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM: number;
  WEBHOOK_TEST_FIRES_PER_MINUTE: number;
  WEBHOOK_ALLOWED_PORTS: string;
  WEBHOOK_DELIVERY_CONCURRENCY: number;
  WEBHOOK_MAX_ENDPOINT_SHARE: number;
  WEBHOOK_RECOVER_WINDOW_DAYS: number;
  WEBHOOK_RECOVER_MAX_PER_CALL: number;
}

/** The most attempts in flight one endpoint may hold per worker process: its share of the process's slots (at least 1). */
export const endpointConcurrencyCap = (env: Pick<WebhookEnvFields, 'WEBHOOK_DELIVERY_CONCURRENCY' | 'WEBHOOK_MAX_ENDPOINT_SHARE'>) =>
  Math.max(1, Math.floor((env.WEBHOOK_DELIVERY_CONCURRENCY * env.WEBHOOK_MAX_ENDPOINT_SHARE) / 100));

/** Boot check: a per-endpoint concurrency variable may not exceed endpointConcurrencyCap of the same config. */
export function WithinEndpointShare(): PropertyDecorator {
  return ValidateBy({
    name: 'withinEndpointShare',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) =>
        typeof value === 'number' && value <= endpointConcurrencyCap(args!.object as WebhookEnvFields),
      defaultMessage: (args?: ValidationArguments) =>
        `must be at most ${endpointConcurrencyCap(args!.object as WebhookEnvFields)} (WEBHOOK_MAX_ENDPOINT_SHARE percent of WEBHOOK_DELIVERY_CONCURRENCY)`,
    },
  });
}

/** Comma-separated TCP ports 1-65535. */
const PORT_LIST =
  /^(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5])(?:,(?:[1-9]\d{0,3}|[1-5]\d{4}|6[0-4]\d{3}|65[0-4]\d{2}|655[0-2]\d|6553[0-5]))*$/;

/**
 * Adds the webhook variables to an app's env schema (payments-api, auth-api, webhook-worker).
 * WEBHOOK_ENCRYPTION_KEYS is a secret: `kid:base64,...`, required outside PAYRAIL_ENV=local.
 */
export function WithWebhookEnv<TBase extends Ctor<BaseEnv>>(Base: TBase) {
  class WebhookEnv extends Base implements WebhookEnvFields {
    @IsEncryptionKeyList() WEBHOOK_ENCRYPTION_KEYS?: string;

    /** APIs: how long a test-fire waits for its deliveries' first attempt before counting them failed. */
    @Type(() => Number) @IsInt() @Min(1000) @Max(60000) WEBHOOK_TEST_WAIT_MS: number = 8000;

    /** APIs: how long a rotated-out secret keeps signing beside the new one (0: it stops at once; at most 7 days). */
    @Type(() => Number) @IsInt() @Min(0) @Max(604800) WEBHOOK_SECRET_OVERLAP_SECONDS: number = 86400;

    /** APIs: active endpoints one Client ID or orchestrator may have (registration and reactivation refused beyond). */
    @Type(() => Number) @IsInt() @Min(1) @Max(1000) WEBHOOK_MAX_ENDPOINTS_PER_OWNER: number = 20;

    /** APIs: active endpoints of one owner that may share a URL host (names resolving to a shared address are one host). */
    @Type(() => Number) @IsInt() @Min(1) @Max(1000) WEBHOOK_MAX_ENDPOINTS_PER_HOST: number = 5;

    /** APIs: active endpoints of all the Client IDs of one platform together. */
    @Type(() => Number) @IsInt() @Min(1) @Max(100000) WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM: number = 100;

    /** APIs: test fires per owner per minute (their own limit, beside the caller's rate limit). */
    @Type(() => Number) @IsInt() @Min(1) @Max(600) WEBHOOK_TEST_FIRES_PER_MINUTE: number = 10;

    /** The ports a webhook URL may use outside PAYRAIL_ENV=local (local accepts any port). */
    @Matches(PORT_LIST, { message: 'must be comma-separated ports 1-65535, e.g. 443,8443' })
    WEBHOOK_ALLOWED_PORTS: string = DEFAULT_WEBHOOK_PORTS.join(',');

    /**
     * Delivery attempts in flight per webhook-worker process. The APIs read it too (set the same
     * value everywhere): an endpoint's maxConcurrency is capped at WEBHOOK_MAX_ENDPOINT_SHARE of it.
     */
    @Type(() => Number) @IsInt() @Min(1) @Max(1000) WEBHOOK_DELIVERY_CONCURRENCY: number = 200;

    /** The share (percent) of a worker process's delivery slots one endpoint may hold: the ceiling of maxConcurrency. */
    @Type(() => Number) @IsInt() @Min(1) @Max(100) WEBHOOK_MAX_ENDPOINT_SHARE: number = 25;

    /** APIs: how far back `recover` may reach (days; `since` older than this is a 400). */
    @Type(() => Number) @IsInt() @Min(1) @Max(90) WEBHOOK_RECOVER_WINDOW_DAYS: number = 14;

    /** APIs: deliveries one `recover` call reopens at most (oldest first; the answer says whether more remain). */
    @Type(() => Number) @IsInt() @Min(1) @Max(100000) WEBHOOK_RECOVER_MAX_PER_CALL: number = 10000;
  }
  return WebhookEnv;
}

export interface WebhookSettings {
  encryptionKeys: string | undefined;
  testWaitMs: number;
  rotationOverlapSeconds: number;
  maxEndpointsPerOwner: number;
  maxEndpointsPerHost: number;
  maxEndpointsPerPlatform: number;
  testFiresPerMinute: number;
  /** The webhook URL policy is restricted (public HTTPS on allowed ports) everywhere except local. */
  restricted: boolean;
  allowedPorts: readonly number[];
  queuePrefix: string;
  redisUrl: string;
  /** The highest maxConcurrency an endpoint may set (endpointConcurrencyCap). */
  maxEndpointConcurrency: number;
  recoverWindowDays: number;
  recoverMaxPerCall: number;
}

/** The webhook part of a validated app config (an env class built with WithWebhookEnv). */
export function webhookSettings(env: BaseEnv): WebhookSettings {
  const fields = env as BaseEnv & Partial<WebhookEnvFields>;
  return {
    encryptionKeys: fields.WEBHOOK_ENCRYPTION_KEYS,
    testWaitMs: fields.WEBHOOK_TEST_WAIT_MS ?? 8000,
    rotationOverlapSeconds: fields.WEBHOOK_SECRET_OVERLAP_SECONDS ?? 86400,
    maxEndpointsPerOwner: fields.WEBHOOK_MAX_ENDPOINTS_PER_OWNER ?? 20,
    maxEndpointsPerHost: fields.WEBHOOK_MAX_ENDPOINTS_PER_HOST ?? 5,
    maxEndpointsPerPlatform: fields.WEBHOOK_MAX_ENDPOINTS_PER_PLATFORM ?? 100,
    testFiresPerMinute: fields.WEBHOOK_TEST_FIRES_PER_MINUTE ?? 10,
    restricted: env.PAYRAIL_ENV !== 'local',
    allowedPorts: fields.WEBHOOK_ALLOWED_PORTS ? fields.WEBHOOK_ALLOWED_PORTS.split(',').map(Number) : DEFAULT_WEBHOOK_PORTS,
    queuePrefix: env.QUEUE_PREFIX,
    redisUrl: env.REDIS_URL,
    maxEndpointConcurrency: endpointConcurrencyCap({
      WEBHOOK_DELIVERY_CONCURRENCY: fields.WEBHOOK_DELIVERY_CONCURRENCY ?? 200,
      WEBHOOK_MAX_ENDPOINT_SHARE: fields.WEBHOOK_MAX_ENDPOINT_SHARE ?? 25,
    }),
    recoverWindowDays: fields.WEBHOOK_RECOVER_WINDOW_DAYS ?? 14,
    recoverMaxPerCall: fields.WEBHOOK_RECOVER_MAX_PER_CALL ?? 10000,
  };
}

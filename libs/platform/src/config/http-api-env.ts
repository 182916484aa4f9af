import { Transform, Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { BaseEnv } from './env.js';

const int = (min: number, max: number): PropertyDecorator => {
  const decorators = [Type(() => Number), IsInt(), Min(min), Max(max)];
  return (target, key) => decorators.forEach((d) => d(target, key));
};

/** Variables of the HTTP APIs (payments-api, auth-api): credentials, rate limits, proxies. */
export class HttpApiEnv extends BaseEnv {
  /**
   * Proxies whose X-Forwarded-For is believed, as Express' `trust proxy` list: addresses,
   * CIDRs or `loopback` / `linklocal` / `uniquelocal`, comma-separated. Empty: none, the
   * client IP is the socket's peer.
   */
  @IsString({ each: true })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  TRUSTED_PROXIES: string[] = [];

  /** Multiplies every rate limit. Default: 1 in production, 5 elsewhere (set 1 to test the real tiers). */
  @IsOptional() @int(1, 1000) RATE_LIMIT_MULTIPLIER?: number;

  /**
   * After SIGTERM, how long the API goes on serving while /health/ready answers 503, so the load
   * balancer stops routing to it before it stops accepting. Default: 5000 outside `local`, 0 there.
   */
  @IsOptional() @int(0, 60000) SHUTDOWN_DELAY_MS?: number;

  /** API-key and orchestrator-key (server-side) traffic, per key and client IP: bursts of 25/s, 10/s sustained. */
  @int(1, 100000) RATE_LIMIT_API_KEY_PER_SECOND: number = 25;
  @int(1, 6000000) RATE_LIMIT_API_KEY_PER_MINUTE: number = 600;

  /** Sign-in routes (wallet challenge, register, login): their own low limit per client IP (IPv6: per /64). */
  @int(1, 100000) RATE_LIMIT_SIGN_IN_PER_SECOND: number = 3;
  @int(1, 6000000) RATE_LIMIT_SIGN_IN_PER_MINUTE: number = 20;

  /**
   * Failed authentications (a presented but unknown or invalid credential) a client IP (IPv6: per
   * /64) may make within the window; beyond it, its credentialed requests get 429 before any lookup.
   */
  @int(1, 100000) FAILED_AUTH_MAX_PER_IP: number = 30;
  @int(1, 86400) FAILED_AUTH_WINDOW_SECONDS: number = 300;

  /** Client IDs a platform may hold (revoked ones aside): each brings its own rate limit and webhook endpoints. */
  @int(1, 10000) MAX_CLIENT_IDS_PER_PLATFORM: number = 50;

  /** Absolute lifetime of a wallet session, however active (besides its 15-minute idle timeout). */
  @int(60, 30 * 86400) WALLET_SESSION_MAX_AGE_SECONDS: number = 43200;

  /** Client ID management routes get this multiple of the caller's limit. */
  @int(1, 100) RATE_LIMIT_MANAGEMENT_MULTIPLIER: number = 4;

  /** Sustained breach: this many rejected requests within the window block the scope. */
  @int(1, 100000) RATE_LIMIT_BLOCK_AFTER_REJECTIONS: number = 60;
  @int(1, 3600) RATE_LIMIT_BLOCK_WINDOW_SECONDS: number = 60;
  @int(1, 86400) RATE_LIMIT_BLOCK_SECONDS: number = 300;

  /**
   * Origins of the dashboard (comma-separated): the only origins granted credentialed CORS,
   * and the only ones whose cookie-authenticated state-changing requests are accepted (CSRF).
   */
  @IsString({ each: true })
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : value,
  )
  DASHBOARD_ORIGINS: string[] = [];

  /** How long a replica trusts a cached credential lookup (changes are also pushed to every replica at once). */
  @int(0, 60000) CREDENTIAL_CACHE_TTL_MS: number = 5000;

  /**
   * Origins of Payrail's own hosted payment page: accepted with any Client ID on the routes marked
   * `@HostedPageRoute()` (besides the Client ID's allowed origins). None here; payments-api answers
   * the origin of SECURE_PAYMENT_PAGE_URL.
   */
  hostedPageOrigins(): string[] {
    return [];
  }

  shutdownDelayMs(): number {
    return this.SHUTDOWN_DELAY_MS ?? (this.PAYRAIL_ENV === 'local' ? 0 : 5000);
  }

  effectiveRateLimitMultiplier(): number {
    if (this.RATE_LIMIT_MULTIPLIER !== undefined) return this.RATE_LIMIT_MULTIPLIER;
    return this.PAYRAIL_ENV === 'production' ? 1 : 5;
  }
}

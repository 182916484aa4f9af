import { BaseEnv } from '@payrail/platform';

/** auth-api ({auth_url}, /v1/...) configuration. */
export class AuthApiEnv extends BaseEnv {
  override PORT = 8081;
}

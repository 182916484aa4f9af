import { HttpApiEnv } from '@payrail/platform';

/** auth-api ({auth_url}, /v1/...) configuration. */
export class AuthApiEnv extends HttpApiEnv {
  override PORT = 8081;
}

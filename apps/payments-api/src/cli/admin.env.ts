import { BaseEnv, WithWebhookEnv } from '@payrail/platform';
import { WithPiiEnv } from '../config/pii-env.js';

/** The operator CLI: the database and Redis, plus the encryption keys `secrets reencrypt` rotates to. */
export class AdminEnv extends WithPiiEnv(WithWebhookEnv(BaseEnv)) {}

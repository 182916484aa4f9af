import { BaseEnv } from '@payrail/platform';
import { WithWebhookEnv } from '@payrail/webhooks';
import { WithPiiEnv } from '../config/pii-env.js';

/** The operator CLI: the database and Redis, plus the encryption keys `secrets reencrypt` rotates to. */
export class AdminEnv extends WithPiiEnv(WithWebhookEnv(BaseEnv)) {}

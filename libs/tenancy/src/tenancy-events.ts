import { Inject, Injectable } from '@nestjs/common';
import { announceCredentialChange, BaseEnv, REDIS } from '@payrail/platform';
import type { Redis } from 'ioredis';

/** Announces changed credentials so every replica drops its cached copy at once. */
@Injectable()
export class CredentialChanges {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(BaseEnv) private readonly env: BaseEnv,
  ) {}

  announce(keys: string[]): Promise<void> {
    return announceCredentialChange(this.redis, this.env.QUEUE_PREFIX, keys);
  }
}

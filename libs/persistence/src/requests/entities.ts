import { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { RequestEntity } from './request.entity.js';

export const REQUEST_ENTITIES = [RequestEntity, IdempotencyKeyEntity];

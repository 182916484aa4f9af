import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PayrailError } from '@payrail/domain';
import { IdempotencyRepository, type StoredResponse } from '@payrail/persistence';
import { DataSource, type EntityManager } from 'typeorm';

/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;
/** Printable ASCII without spaces, 1-255 characters (a UUID or ULID fits). */
const KEY = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  /** Whose key it is: the credential that sent it (see idempotencyScope). */
  scope: string;
  key: string | undefined;
  route: string;
  body: unknown;
}

/** The work of a create request: its answer, and the writes the answer stands for. */
export interface Prepared<T> {
  response: T;
  persist(manager: EntityManager): Promise<void>;
}

export interface Outcome<T> {
  response: T;
  /** True when this is the stored answer to an earlier request with the same key. */
  replayed: boolean;
}

/** Canonical JSON: keys sorted at every level, so the same body always hashes the same. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

class KeyTaken extends Error {}

/**
 * `Idempotency-Key` for create endpoints (beyond the spec, Stripe-style): for 24 hours a retried
 * request with the same key and body gets the first answer again; the same key with another body
 * (or route) is 409. The answer and the requests it describes are written in one transaction, and
 * a concurrent request with the same key waits on the key's row, so exactly one set of requests
 * is ever stored per key. Keys live in Postgres, shared by every replica; webhook-worker's record
 * pruning job deletes expired ones.
 */
@Injectable()
export class IdempotencyService {
  constructor(private readonly db: DataSource) {}

  async run<T>(request: IdempotentRequest, prepare: () => Promise<Prepared<T>>): Promise<Outcome<T>> {
    if (request.key === undefined) {
      const prepared = await prepare();
      await prepared.persist(this.db.manager);
      return { response: prepared.response, replayed: false };
    }
    const key = request.key;
    if (!KEY.test(key)) {
      throw new PayrailError(
        'VALIDATION_FAILED',
        'Validation failed: Idempotency-Key must be 1 to 255 printable ASCII characters without spaces',
        {
          fields: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 printable ASCII characters without spaces' }],
        },
      );
    }
    const requestHash = createHash('sha256')
      .update(`${request.route}\n${canonical(request.body)}`)
      .digest('hex');
    const earlier = await this.earlier<T>(request, requestHash);
    if (earlier) return earlier;
    const prepared = await prepare();
    const stored: StoredResponse = { route: request.route, requestHash, status: 201, body: prepared.response };
    try {
      await this.db.transaction(async (manager) => {
        if (!(await new IdempotencyRepository(manager).claim(request.scope, key, stored, IDEMPOTENCY_TTL_SECONDS))) throw new KeyTaken();
        await prepared.persist(manager);
      });
    } catch (error) {
      if (!(error instanceof KeyTaken)) throw error;
      // A concurrent request with this key committed first: answer as it did.
      const winner = await this.earlier<T>(request, requestHash);
      if (winner) return winner;
      throw new PayrailError('CONFLICT', 'A request with this Idempotency-Key is being processed; retry later');
    }
    return { response: prepared.response, replayed: false };
  }

  private async earlier<T>(request: IdempotentRequest, requestHash: string): Promise<Outcome<T> | undefined> {
    const found = await new IdempotencyRepository(this.db.manager).find(request.scope, request.key!);
    if (!found) return undefined;
    if (found.route !== request.route || found.requestHash !== requestHash) {
      throw new PayrailError('CONFLICT', 'This Idempotency-Key was already used with a different request');
    }
    return { response: found.body as T, replayed: true };
  }
}

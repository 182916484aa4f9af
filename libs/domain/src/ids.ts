import { randomFillSync } from 'node:crypto';
import { monotonicFactory } from 'ulid';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let next = POOL_BYTES;

/**
 * Cryptographic randomness for ULIDs, drawn from a pool refilled 4 KiB at a time: the ulid
 * package's default asks the OS for each character (16 calls per id), which costs a process
 * producing thousands of ids per second (request ids, delivery ids). One byte per character;
 * 32 of its 256 values map evenly onto the 32 base32 symbols.
 */
function pooledRandom(): number {
  if (next >= POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  return pool[next++] / 256;
}

/** ULIDs, increasing within one process (sortable, cursor-paginated). */
export const newUlid: () => string = monotonicFactory(pooledRandom);

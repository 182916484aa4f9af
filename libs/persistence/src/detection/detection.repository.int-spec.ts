import type { DataSource } from 'typeorm';
import { createTestDatabase } from '@payrail/test-support/stack.js';
import { createDataSource } from '../data-source.js';
import { DetectionRepository } from './detection.repository.js';

const block = (n: number) => ({ number: n, hash: `0x${n.toString(16).padStart(64, '0')}`, timestamp: 1_700_000_000 + n });
const known = (n: number) => ({ number: n, hash: block(n).hash });

// The ancestor search of a reorg walks these newest first: any other order makes it stop at a
// lower block and roll back (and reverse) payments that never left the chain.
describe('DetectionRepository.knownBlocks', () => {
  let db: DataSource;
  let repo: DetectionRepository;

  beforeAll(async () => {
    db = createDataSource(await createTestDatabase(), 1);
    await db.initialize();
    repo = new DetectionRepository(db.manager);
    await repo.saveCursor('sepolia', { blockNumber: 8, blockHash: block(8).hash }); // the origin
    await repo.saveBlocks('sepolia', [9, 10, 11, 99, 100, 101, 1000].map(block), 10_000);
  });
  afterAll(() => db?.destroy());

  it('lists the blocks below a height newest first by number, across powers of ten (1000, 101, 100, 99, 11, 10, 9, origin 8)', async () => {
    expect(await repo.knownBlocks('sepolia', 1001, 16)).toEqual([1000, 101, 100, 99, 11, 10, 9, 8].map(known));
  });

  it('pages by number: the newest `limit` below the height, then the next page below the last one', async () => {
    expect(await repo.knownBlocks('sepolia', 1000, 2)).toEqual([101, 100].map(known));
    expect(await repo.knownBlocks('sepolia', 100, 2)).toEqual([99, 11].map(known));
    expect(await repo.knownBlocks('sepolia', 9, 2)).toEqual([known(8)]);
    expect(await repo.knownBlocks('sepolia', 8, 2)).toEqual([]);
  });
});

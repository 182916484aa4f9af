import { jest } from '@jest/globals';
import { batchLoader } from './batch-loader.js';

describe('batchLoader (DataLoader without a cache)', () => {
  it('runs the loads of one turn of the event loop as one batch, each caller getting its own result, the same key twice included', async () => {
    const batches: number[][] = [];
    const loader = batchLoader<number, number>((xs) => {
      batches.push([...xs]);
      return Promise.resolve(xs.map((x) => x * 10));
    });
    expect(await Promise.all([1, 2, 2, 3].map((x) => loader.load(x)))).toEqual([10, 20, 20, 30]);
    expect(await loader.load(4)).toBe(40);
    expect(await loader.load(4)).toBe(40);
    expect(batches).toEqual([[1, 2, 2, 3], [4], [4]]);
  });

  it('caps a batch at maxBatch and rejects every caller of a failed batch', async () => {
    const sizes: number[] = [];
    const loader = batchLoader<number, number>(
      (xs) => {
        sizes.push(xs.length);
        return xs.includes(13) ? Promise.reject(new Error('unlucky')) : Promise.resolve([...xs]);
      },
      { maxBatch: 2 },
    );
    expect(await Promise.all([1, 2, 3, 4, 5].map((x) => loader.load(x)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
    const outcomes = await Promise.allSettled([12, 13].map((x) => loader.load(x)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });

  it('with lingerMs, also batches loads made a few milliseconds apart (up to lingerMs after the first)', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const batches: number[][] = [];
      const loader = batchLoader<number, number>(
        (xs) => {
          batches.push([...xs]);
          return Promise.resolve([...xs]);
        },
        { lingerMs: 50 },
      );
      const first = loader.load(1);
      jest.advanceTimersByTime(10);
      const second = loader.load(2);
      expect(batches).toEqual([]);
      jest.advanceTimersByTime(40);
      expect(await Promise.all([first, second])).toEqual([1, 2]);
      expect(batches).toEqual([[1, 2]]);
    } finally {
      jest.useRealTimers();
    }
  });
});

import { Batcher } from './batcher.js';

describe('Batcher', () => {
  it('runs the calls made in one turn of the event loop as one batch, each caller getting its own result', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>((xs) => {
      batches.push(xs);
      return Promise.resolve(xs.map((x) => x * 10));
    });
    const results = await Promise.all([1, 2, 3].map((x) => batcher.call(x)));
    expect(results).toEqual([10, 20, 30]);
    expect(await batcher.call(4)).toBe(40);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('caps a batch at maxBatch and rejects every caller of a failed batch', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>((xs) => {
      sizes.push(xs.length);
      return xs.includes(13) ? Promise.reject(new Error('unlucky')) : Promise.resolve(xs);
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((x) => batcher.call(x)))).toEqual([1, 2, 3, 4, 5]);
    expect(sizes).toEqual([2, 2, 1]);
    const outcomes = await Promise.allSettled([12, 13].map((x) => batcher.call(x)));
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
  });

  it('with lingerMs, also batches calls made a few milliseconds apart (up to lingerMs after the first)', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(
      (xs) => {
        batches.push(xs);
        return Promise.resolve(xs);
      },
      200,
      50,
    );
    const first = batcher.call(1);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const second = batcher.call(2);
    expect(await Promise.all([first, second])).toEqual([1, 2]);
    expect(batches).toEqual([[1, 2]]);
  });
});

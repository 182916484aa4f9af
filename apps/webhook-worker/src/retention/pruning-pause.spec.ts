import { pauseAfterBatch } from './batched-pruning-job.js';

describe('pauseAfterBatch', () => {
  it('pauses so that deleting takes at most the duty share of a pass', () => {
    // 25%: a batch of 40 ms is followed by 120 ms of rest (40 of every 160 ms deleting).
    expect(pauseAfterBatch(40, 25)).toBe(120);
    expect(pauseAfterBatch(10, 50)).toBe(10);
    expect(pauseAfterBatch(30, 1)).toBe(2970);
  });

  it('runs batches back to back at 100%', () => {
    expect(pauseAfterBatch(40, 100)).toBe(0);
  });
});

import { PollingLoop, type LoopLogger } from './polling-loop.js';

/** A promise the test resolves by hand. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

function recordingLogger(): LoopLogger & { lines: { err: unknown; message: string }[] } {
  const lines: { err: unknown; message: string }[] = [];
  return { lines, error: (details, message) => lines.push({ err: details.err, message }) };
}

describe('PollingLoop', () => {
  it('runs a first pass on start, then one pass per interval while idle', async () => {
    let passes = 0;
    const loop = new PollingLoop({
      intervalMs: 40,
      pass: () => {
        passes++;
        return Promise.resolve(false);
      },
      logger: recordingLogger(),
      failureMessage: 'x',
    });
    loop.start();
    await tick(5);
    expect(passes).toBe(1);
    await tick(150);
    await loop.stop();
    expect(passes).toBeGreaterThanOrEqual(3);
    expect(passes).toBeLessThanOrEqual(5);
  });

  it('runs the next pass at once while a pass reports more work waiting', async () => {
    let passes = 0;
    const loop = new PollingLoop({
      intervalMs: 60000,
      pass: () => Promise.resolve(++passes < 5),
      logger: recordingLogger(),
      failureMessage: 'x',
    });
    loop.start();
    await tick(50);
    await loop.stop();
    expect(passes).toBe(5);
  });

  it('coalesces wakes that arrive during a pass into one more pass, and never overlaps passes', async () => {
    let passes = 0;
    let inside = 0;
    let overlapped = false;
    const first = gate();
    const loop = new PollingLoop({
      intervalMs: 60000,
      pass: async () => {
        passes++;
        inside++;
        overlapped ||= inside > 1;
        if (passes === 1) await first.promise;
        inside--;
        return false;
      },
      logger: recordingLogger(),
      failureMessage: 'x',
    });
    loop.start();
    await tick(5);
    for (let i = 0; i < 10; i++) loop.wake();
    first.open();
    await tick(50);
    expect(passes).toBe(2);
    loop.wake();
    await tick(20);
    expect(passes).toBe(3);
    await loop.stop();
    expect(overlapped).toBe(false);
  });

  it('stop ends the idle at once and waits for the running pass to finish', async () => {
    const running = gate();
    let finished = false;
    let passes = 0;
    const loop = new PollingLoop({
      intervalMs: 60000,
      pass: async () => {
        passes++;
        await running.promise;
        finished = true;
        return false;
      },
      logger: recordingLogger(),
      failureMessage: 'x',
    });
    loop.start();
    await tick(5);
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await tick(20);
    expect(stopped).toBe(false);
    running.open();
    await stopping;
    expect(finished).toBe(true);
    expect(passes).toBe(1);
    expect(loop.isRunning).toBe(false);
  });

  it('logs a failed pass with its error, runs afterFailure, and goes on with the next pass', async () => {
    const logger = recordingLogger();
    const boom = new Error('database gone');
    let passes = 0;
    let cleanups = 0;
    const loop = new PollingLoop({
      intervalMs: 10,
      pass: () => (++passes === 1 ? Promise.reject(boom) : Promise.resolve(false)),
      logger,
      failureMessage: 'pass failed; retrying',
      afterFailure: () => {
        cleanups++;
        return Promise.reject(new Error('cleanup failed too'));
      },
    });
    loop.start();
    await tick(60);
    await loop.stop();
    expect(logger.lines).toEqual([{ err: boom, message: 'pass failed; retrying' }]);
    expect(cleanups).toBe(1);
    expect(passes).toBeGreaterThanOrEqual(2);
  });
});

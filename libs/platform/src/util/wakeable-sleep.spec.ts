import { WakeableSleep } from './wakeable-sleep.js';

describe('WakeableSleep', () => {
  it('ends a sleep early on wake', async () => {
    const idle = new WakeableSleep();
    const started = Date.now();
    const sleeping = idle.sleep(5000);
    idle.wake();
    await sleeping;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('remembers a wake that came while awake, once', async () => {
    const idle = new WakeableSleep();
    idle.wake();
    const started = Date.now();
    await idle.sleep(5000);
    expect(Date.now() - started).toBeLessThan(1000);
    const second = Date.now();
    await idle.sleep(50);
    expect(Date.now() - second).toBeGreaterThanOrEqual(45);
  });
});

/**
 * A sleep that `wake()` ends early: background loops idle with it and are woken by new work
 * or to stop. A wake that arrives while the loop is busy is remembered, so the next sleep
 * returns at once and no signal is lost between a pass and its sleep.
 */
export class WakeableSleep {
  private wakeUp: (() => void) | undefined;
  private pending = false;

  sleep(ms: number): Promise<void> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
    });
  }

  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.pending = true;
  }
}

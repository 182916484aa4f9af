/** A sleep that `wake()` ends early: background loops idle with it and are woken to stop. */
export class WakeableSleep {
  private wakeUp: (() => void) | undefined;

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  wake(): void {
    this.wakeUp?.();
  }
}

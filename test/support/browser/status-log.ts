import type { Page } from 'playwright-core';

interface LogGlobals {
  __payrailStatusLog: string[];
  document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>; documentElement: unknown };
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: object): void };
  addEventListener(type: string, listener: () => void): void;
}

/**
 * Records every text the page's `role="status"` regions show, in order (a MutationObserver added
 * before the page's scripts), so a test can assert on progress that passes quickly ("Step 1 of 2").
 */
export async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = globalThis as unknown as LogGlobals;
    w.__payrailStatusLog = [];
    const capture = () => {
      for (const node of Array.from(w.document.querySelectorAll('[role="status"]'))) {
        const text = node.textContent?.trim() ?? '';
        if (text && w.__payrailStatusLog.at(-1) !== text) w.__payrailStatusLog.push(text);
      }
    };
    w.addEventListener('DOMContentLoaded', () =>
      new w.MutationObserver(capture).observe(w.document.documentElement, { subtree: true, childList: true, characterData: true }),
    );
  });
  return () => page.evaluate(() => (globalThis as unknown as LogGlobals).__payrailStatusLog);
}

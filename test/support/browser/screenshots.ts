import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './chromium.js';

/** Where screenshots go (gitignored): test-output/screenshots/, or PAYRAIL_SCREENSHOT_DIR. */
export const SCREENSHOT_DIR = process.env.PAYRAIL_SCREENSHOT_DIR ?? join(repoRoot(), 'test-output', 'screenshots');

/**
 * Full-page screenshots at 390x844 and 1280x800 (`<name>-390x844.png`, `<name>-1280x800.png`); the
 * page's viewport is put back afterwards. Answers the two file paths.
 */
export async function screenshot(page: Page, name: string): Promise<string[]> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const before = page.viewportSize();
  const files: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const file = join(SCREENSHOT_DIR, `${name}-${size.width}x${size.height}.png`);
    await page.screenshot({ path: file, fullPage: true });
    files.push(file);
  }
  if (before) await page.setViewportSize(before);
  return files;
}

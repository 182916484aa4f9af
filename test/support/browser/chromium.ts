import { CHROMIUM_ARGS, ensureChromium } from '@payrail/devstack';
import { type Browser, chromium, type Page } from 'playwright-core';

/** Debian's Chromium through playwright-core (installed by apt-get when missing; never a downloaded build). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * A fresh context and page (its own cookies and storage) at desktop size. Console errors and page
 * errors are collected in `errors` so a test can assert the page ran clean.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console: ${m.text()}`));
  return { page, errors };
}

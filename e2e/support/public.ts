import type { Page } from '@playwright/test';
import { expect } from './test';

/** What the public-site journeys (public*.spec.ts) share: their two screen sizes and checks. */

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

/** Fails the test on any console error or uncaught exception (hydration mismatches included). */
export function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return () => expect(errors).toEqual([]);
}

/** The landing page's section headings, in document order (the carousel's own markup excluded). */
export const sectionHeadings = (page: Page) =>
  page.locator('main > section h1.hero-title, main > section > .container > h2').allTextContents();

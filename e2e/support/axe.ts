import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';
import { expectAppliedBootstrapRules } from './stylesheet';

/**
 * Fails with the list of violations when axe finds any WCAG 2.1 A/AA problem on the page. The
 * page is scanned once its animations have finished: a toast or dialog fading in is measured for
 * contrast at whatever opacity it has at that instant, which says nothing about what people read.
 * For the same reason the scan runs with reduced motion asked for, so the page's transitions are
 * off: the pointer left where the last click was can come to hover a button that a re-render puts
 * under it, after the wait below, and a colour change half-way through its transition fails the
 * contrast check although neither end does. The same page, as read, also has every rule of
 * Bootstrap's that applies to it (support/stylesheet.ts).
 */
export async function expectNoAxeViolations(page: Page) {
  const reducedAlready = await page.evaluate(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The toast library loads with the first toast (ADR 0056): a toast just asked for mounts once its
  // script has come, and would fade in during the scan. Once the network is quiet it is on the page.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  const first = await scan(page);
  // A toast that came or went while axe read the page (one mounted after the scan's hold began, on a
  // slow machine) was measured half-faded: the page is read once more, settled. What is wrong stays wrong.
  const { violations } = first.violations.length > 0 && first.toasts ? await scan(page) : first;
  if (!reducedAlready) await page.emulateMedia({ reducedMotion: null });
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
  await expectAppliedBootstrapRules(page);
}

/** One scan, its toasts held and its animations over; `toasts`: whether a toaster was on the page. */
async function scan(page: Page) {
  // A toast whose time runs out while axe reads the page starts fading out half-way through the
  // scan and is measured at that opacity. The toaster holds its toasts while the pointer is over
  // it, as for a person reading one: the scan holds them the same way, without moving the pointer.
  const toaster = page.locator('.toaster');
  const holding = (await toaster.count()) > 0;
  if (holding) await toaster.dispatchEvent('mouseover');
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const violations = await runAxe(page);
  if (holding) await toaster.dispatchEvent('mouseout');
  return { violations, toasts: holding || (await toaster.count()) > 0 };
}

/** axe-core as the package ships it, read once per worker. */
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What a violation tells: its rule, the rule's help and the selector of each element it found. */
type Violation = { id: string; help: string; nodes: { target: string[] }[] };

/**
 * axe-core run in the page itself, loaded into a document once and kept there for the scans that
 * follow on it (a journey moves between staff pages without loading a document again); the
 * wrapper package used before evaluated the whole script into the page twice on every scan. No
 * page embeds a frame, so there is nothing to load it into besides the page. Only the violations are
 * read, so axe works out where an element is (its selector, its HTML) for those alone, not for
 * every element that passed: a third of a scan on a long page.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  // null: the document has no axe yet.
  const run = () =>
    page.evaluate(async () => {
      const { axe } = window as unknown as { axe?: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } };
      if (!axe) return null;
      const { violations } = await axe.run(document, {
        resultTypes: ['violations'],
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      });
      return violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map(({ target }) => ({ target: target.map(String) })) }));
    });
  const violations = await run();
  if (violations) return violations;
  await page.evaluate(axeSource);
  return (await run())!;
}

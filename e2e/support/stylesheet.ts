import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';

/** Bootstrap's whole stylesheet, as the package ships it, read once per worker. */
const bootstrap = fs.readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8');

/**
 * Fails when a rule of Bootstrap's whole stylesheet applies to an element of the page but is not
 * among the page's stylesheets: the build keeps of Bootstrap only the rules the sources can use
 * (ADR 0103), so a class the app composes in a way the build cannot read would lose its rules
 * without anything else failing. Run with every accessibility scan, so it sees each state the
 * journeys reach: dialogs, invalid fields, toasts, the phone menu. Selectors are compared one by
 * one, since the build's minifier merges neighbouring rules that say the same; one counts as
 * applying when, less any pseudo-element, it matches an element as the page stands.
 */
export async function expectAppliedBootstrapRules(page: Page) {
  // Bootstrap's selectors are worked out once a document and kept on it for the scans that follow:
  // the stylesheet goes to the page only when the document answers that it has no list yet.
  const check = (whole: string | null) =>
    page.evaluate((whole) => {
      const kept = window as unknown as { bootstrapSelectors?: string[] };
      if (whole === null && !kept.bootstrapSelectors) return null;
      // One selector of a list, as a rule may be merged with its neighbours when the build minifies.
      const split = (list: string) => {
        const parts: string[] = [];
        let depth = 0;
        let start = 0;
        for (let i = 0; i < list.length; i++) {
          if (list[i] === '(') depth++;
          else if (list[i] === ')') depth--;
          else if (list[i] === ',' && depth === 0) {
            parts.push(list.slice(start, i).trim());
            start = i + 1;
          }
        }
        return [...parts, list.slice(start).trim()];
      };
      const selectors = (rules: CSSRuleList, into: Set<string>) => {
        for (const rule of Array.from(rules)) {
          if (rule instanceof CSSStyleRule) for (const one of split(rule.selectorText)) into.add(one);
          else if ('cssRules' in rule) selectors((rule as CSSGroupingRule).cssRules, into);
        }
        return into;
      };
      const served = new Set<string>();
      for (const sheet of Array.from(document.styleSheets)) selectors(sheet.cssRules, served);
      if (whole !== null) {
        const full = new CSSStyleSheet();
        full.replaceSync(whole);
        kept.bootstrapSelectors = [...selectors(full.cssRules, new Set())];
      }
      const matching = (selector: string) => {
        try {
          return (
            document.querySelector(selector.replace(/::?(before|after|placeholder|selection|marker|file-selector-button)\b/g, '')) !== null
          );
        } catch {
          return false;
        }
      };
      // A vendor's prefixed twin of a rule is the minifier's to keep or drop, for the browsers it builds for.
      const prefixed = /::?-(webkit|moz)-/;
      return kept.bootstrapSelectors!.filter((selector) => !served.has(selector) && !prefixed.test(selector) && matching(selector));
    }, whole);
  const missing = (await check(null)) ?? (await check(bootstrap));
  expect(missing, `Bootstrap rules that apply on ${page.url()} but are not in its stylesheets`).toEqual([]);
}

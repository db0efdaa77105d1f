import { test as base, expect } from '@playwright/test';

/**
 * Every journey runs with this `test`: any Content-Security-Policy violation on any page of the
 * journey fails it, so a library that needs `eval` or an inline script without a hash is caught
 * where it happens. Chromium does not log a blocked `eval` to the console, so each document
 * reports its `securitypolicyviolation` events through a binding.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
        violations.push(`${page.url()}: ${text}`);
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
          report(`${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

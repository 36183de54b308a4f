import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type Route } from '@playwright/test';

/**
 * Waits (at most two seconds) for the page's finite animations and transitions to end: axe
 * measuring colour contrast halfway through a fade-in (the page transition setting) sees text
 * at half opacity. Endless ones (spinners) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    if (finite.length === 0) return;
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]);
  });
}

/** Runs axe on the page once its animations have ended, and fails with the list of violations, if any. */
export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  // Map markers may overlap when providers are close together. WCAG 2.5.8 exempts a target
  // whose function another conforming control on the page offers: every marker's provider is
  // also a button in the results list, so only target-size on Leaflet markers is set aside.
  const violations = results.violations
    .map((v) =>
      v.id === 'target-size' ? { ...v, nodes: v.nodes.filter((n) => !n.html.includes('leaflet-marker-icon')) } : v,
    )
    .filter((v) => v.nodes.length > 0);
  const summary = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * The test fixture every browser test uses: the page is checked with axe after the test
 * (every page a test ends on is audited; tests call expectNoAxeViolations for pages passed
 * through), no request ever leaves loopback, the Content Security Policy never blocks
 * anything the page does (a blocked frame or script still leaves its element on the page), and
 * no page leaves an error uncaught (an exception or a rejected promise nothing handled).
 */
export const test = base.extend<{ audit: undefined }>({
  audit: [
    async ({ page, browser }, use) => {
      const blocked: string[] = [];
      const uncaught: string[] = [];
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
            blocked.push(`${watched.url()}: ${message.text()}`);
          }
        });
        watched.on('pageerror', (error) => uncaught.push(`${watched.url()}: ${error.stack ?? error.message}`));
      };
      const outside: string[] = [];
      const keepOnLoopback = (route: Route) => {
        const url = route.request().url();
        // Only the network counts: data:, blob: and the browser's own pages (its PDF viewer's
        // chrome:// and chrome-extension:// files, in a staff member's preview) never leave it.
        if (!/^(https?|wss?):/.test(url)) return route.continue();
        outside.push(url);
        return route.abort('blockedbyclient');
      };
      const notLoopback = /^(?!https?:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]).+/;
      watch(page);
      await page.route(notLoopback, keepOnLoopback);
      // Tests that play two people (an applicant and a worker) open a context each: their pages
      // are held to the same. One test at a time runs in a worker, so the wrapper is this test's.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const context = await newContext(...options);
        context.on('page', watch);
        await context.route(notLoopback, keepOnLoopback);
        return context;
      };
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      expect(outside, 'requests that left loopback').toEqual([]);
      expect(blocked, 'what the Content Security Policy blocked').toEqual([]);
      expect(uncaught, 'errors the pages left uncaught').toEqual([]);
      if (page.url().startsWith('http')) await expectNoAxeViolations(page);
    },
    { auto: true },
  ],
});
export { expect };

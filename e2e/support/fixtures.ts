import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

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
 * through), and no request ever leaves loopback.
 */
export const test = base.extend<{ audit: undefined }>({
  audit: [
    async ({ page }, use) => {
      const outside: string[] = [];
      await page.route(/^(?!https?:\/\/(localhost|127\.0\.0\.1|\[::1\])[:/]).+/, async (route) => {
        const url = route.request().url();
        if (url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        outside.push(url);
        return route.abort('blockedbyclient');
      });
      await use(undefined);
      expect(outside, 'requests that left loopback').toEqual([]);
      if (page.url().startsWith('http')) await expectNoAxeViolations(page);
    },
    { auto: true },
  ],
});
export { expect };

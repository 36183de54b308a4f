import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, test as base, expect, type Page } from '@playwright/test';
import { DISABLED_FEATURES } from './env';
import { LOOPBACK_HOST, type OutsideGuard, startOutsideGuard } from './outside-guard';

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

/** axe-core's source from the very copy @axe-core/playwright runs, whichever version it pins. */
const AXE_SOURCE = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as { source: string }
).source;

/**
 * axe-core goes into each of the page's documents once, not on every run. AxeBuilder sends its
 * whole source (550 KB) into the page twice on every `analyze()`, and on a 2-core machine each
 * send took 150–250 ms of the 600–900 ms a run on a small page took: more than the audit itself
 * (measured). Here the source goes into a frame only when the frame has no axe yet
 * (a navigation starts a new document without it), and the builder is given a source of nothing.
 */
class AxeOncePerDocument extends AxeBuilder {
  readonly #page: Page;

  constructor(page: Page) {
    super({ page, axeSource: 'void 0' });
    this.#page = page;
  }

  override async analyze() {
    for (const frame of this.#page.frames()) {
      // The main frame must take axe; a child frame that cannot (detached, another origin) is
      // left as AxeBuilder leaves it.
      const main = frame === this.#page.mainFrame();
      const failed = (error: unknown) => {
        if (main) throw error;
        return true;
      };
      const present = await frame
        .evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')
        .catch(failed);
      if (!present) await frame.evaluate(AXE_SOURCE).catch(failed);
    }
    return super.analyze();
  }
}

/**
 * axe for the page, to WCAG 2.2 AA. In legacy mode: axe runs in the page and its frames and
 * gathers their results there, rather than in a blank page opened for each run. That made each
 * run about twice as long (every public page in one theme: 42 s → 26 s), and only frames of
 * another origin need it. The portal's one frame, a staff member's document preview, shows a
 * blob: of the page's own origin (what the browser's PDF viewer draws inside it is not the
 * portal's).
 *
 * Every rule still checks every element; only violations are written out in full (axe's
 * `resultTypes`). The tests read nothing else, and writing out every element that passed (a
 * selector and its HTML for each) took more than half of a run on a page of results: the
 * provider search with 50 results and their markers, 1,359 passing elements, 2.1–2.3 s a run
 * against 0.9–1.0 s. `options` replaces every option given before it, so it comes before
 * `withTags`.
 */
export const axeFor = (page: Page) =>
  new AxeOncePerDocument(page)
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);

/** Runs axe on the page once its animations have ended, and fails with the list of violations, if any. */
export async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await axeFor(page).analyze();
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
 * Every feature the browser was launched without, as its own command line says: Playwright's
 * `--disable-features` first, then the configuration's (env.ts), of which Chromium reads the last.
 */
async function disabledFeatureLists(browser: Browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto('chrome://version');
    const commandLine = (await page.locator('#command_line').textContent()) ?? '';
    return [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','));
  } finally {
    await context.close();
  }
}

/** A request that leaves loopback: the network only (not data:, blob: or the browser's own pages). */
const offLoopback = new RegExp(String.raw`^(https?|wss?)://(?!${LOOPBACK_HOST}[:/])`);

/**
 * The test fixture every browser test uses: the page is checked with axe after the test
 * (every page a test ends on is audited; tests call expectNoAxeViolations for pages passed
 * through), no request ever leaves loopback, the Content Security Policy never blocks
 * anything the page does (a blocked frame or script still leaves its element on the page), and
 * no page leaves an error uncaught (an exception or a rejected promise nothing handled).
 *
 * Nothing can leave loopback: each worker's browser sends all else to its outside guard, which
 * refuses it. A page's request that tries is also a failure of the test that made it.
 */
export const test = base.extend<{ audit: undefined }, { outsideGuard: OutsideGuard; disabledFeatures: undefined }>({
  outsideGuard: [
    // Playwright reads what a fixture needs from its first parameter's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const guard = await startOutsideGuard();
      await use(guard);
      await guard.close();
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, outsideGuard }, use) =>
      use({ ...launchOptions, args: [...(launchOptions.args ?? []), outsideGuard.proxyArgument] }),
    { scope: 'worker' },
  ],
  // Once per worker: the configuration's --disable-features still holds all of Playwright's.
  disabledFeatures: [
    async ({ browser }, use) => {
      const lists = await disabledFeatureLists(browser);
      expect(lists.at(-1), 'the last --disable-features (env.ts)').toEqual(DISABLED_FEATURES);
      for (const list of lists)
        expect(DISABLED_FEATURES, 'Playwright’s own --disable-features').toEqual(expect.arrayContaining(list));
      await use(undefined);
    },
    { scope: 'worker', auto: true },
  ],
  audit: [
    async ({ page, browser }, use) => {
      const blocked: string[] = [];
      const uncaught: string[] = [];
      const outside: string[] = [];
      const watch = (watched: Page) => {
        watched.on('console', (message) => {
          if (message.type() === 'error' && message.text().includes('Content Security Policy')) {
            blocked.push(`${watched.url()}: ${message.text()}`);
          }
        });
        watched.on('pageerror', (error) => uncaught.push(`${watched.url()}: ${error.stack ?? error.message}`));
        // Listening only, not intercepting (see outside-guard.ts).
        watched.on('request', (request) => {
          if (offLoopback.test(request.url())) outside.push(request.url());
        });
        watched.on('websocket', (socket) => {
          if (offLoopback.test(socket.url())) outside.push(socket.url());
        });
      };
      watch(page);
      page.context().on('page', watch);
      // Tests that play two people (an applicant and a worker) open a context each: their pages
      // are held to the same. One test at a time runs in a worker, so the wrapper is this test's.
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...options) => {
        const context = await newContext(...options);
        context.on('page', watch);
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

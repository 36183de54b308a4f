// Web figures (issue #11): the gzipped JavaScript and CSS each route's first load needs, and
// Lighthouse (performance and accessibility) on the home page, the provider search and the
// application wizard's first step, driving /usr/bin/chromium (or CHROMIUM_PATH) against the
// built product on the embedded default. Nothing leaves loopback: no map tiles, no telemetry.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { chromium } from 'playwright-core';
import { sleep, startProduct } from './bench-support.mjs';
import { root } from './lib.mjs';

const WEB_PORT = 8252;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const WIZARD = '/registeredapplication/registration/registeredprovider';
/**
 * Lighthouse runs per page. The score checked against the target is the median of the runs'
 * scores; the paints and blocking time beside it are Lighthouse's own median run
 * (`computeMedianRun`: the run nearest the median first paint and time to interactive), as its
 * variability guide advises. That run is chosen without regard to blocking time, the figure that
 * varies most here: the wizard's runs scored 93, 98 and 91, and its median run was the 98 (session
 * 24). This machine's speed drifts (Lighthouse's CPU benchmark index, measured seven times in a
 * row here: 1,008 to 2,062), and one run is at the mercy of the moment.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);

/** Gzipped JavaScript and CSS of each route's first load: the entry, the route's chunk, their static imports. */
export function firstLoadRows() {
  const dist = path.join(root, 'apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return seen;
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  const weigh = (keys) => {
    const files = new Set();
    for (const key of keys) {
      files.add(manifest[key].file);
      for (const sheet of manifest[key].css ?? []) files.add(sheet);
    }
    let js = 0;
    let css = 0;
    for (const file of files) {
      const size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
      if (file.endsWith('.css')) css += size;
      else js += size;
    }
    return { js, css };
  };
  const entry = closure('index.html');
  const routes = [
    ['/', 'src/features/home/home-page.tsx', 150],
    ['/ProviderSearch', 'src/features/providers/pages/provider-search-page.tsx'],
    [
      WIZARD.replace('/registration/registeredprovider', '/…/registeredprovider'),
      'src/features/application/pages/application-wizard-page.tsx',
    ],
  ];
  return routes.map(([route, source, budget]) => {
    if (!manifest[source]) return { part: 'Web', measure: `first load ${route}`, value: `no chunk for ${source}` };
    const { js, css } = weigh(closure(source, new Set(entry)));
    return {
      part: 'Web',
      measure: `first load ${route} (gzip)`,
      value: `JS ${kb(js)}, CSS ${kb(css)}`,
      target: budget ? `JS < ${budget} KB` : '',
      ok: budget ? js < budget * 1024 : undefined,
    };
  });
}

/** Loads of each page, after its Lighthouse runs, timing its own long tasks (see `blockingTime`). */
const BLOCKING_LOADS = Number(process.env.BENCH_BLOCKING_LOADS ?? 3);

/**
 * The page's own main-thread blocking at Lighthouse's 4× CPU slowdown and mobile screen, without
 * Lighthouse: each load's long tasks (the Long Tasks API, inside the page) past their first 50 ms,
 * from the first contentful paint until the network has been quiet for half a second and one
 * second more, as Lighthouse sums its total blocking time (to time to interactive). Every load
 * starts with an empty HTTP cache, but a page loaded again in the same tab finds its scripts
 * already compiled (V8 keeps them in memory): the first load is a first visit's, the others a
 * return's. On a 2-core machine Lighthouse's own trace recording (JavaScript sampling, stacks,
 * screenshots) slows the main thread it measures (ADR 055): this is the page's own figure beside
 * Lighthouse's score, not a replacement for it.
 */
async function blockingTime(context, url) {
  // A tab of its own, closed after: its emulation and long-task observer go with it.
  const page = await context.newPage();
  try {
    const session = await context.newCDPSession(page);
    await page.addInitScript(() => {
      globalThis.__benchLongTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) globalThis.__benchLongTasks.push([entry.startTime, entry.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    // Lighthouse's own defaults, the ones its runs above use: its phone's screen and CPU slowdown.
    const { width, height, deviceScaleFactor, mobile } = defaultSettings.screenEmulation;
    await session.send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor, mobile });
    await session.send('Emulation.setCPUThrottlingRate', { rate: defaultSettings.throttling.cpuSlowdownMultiplier });
    const loads = [];
    for (let load = 0; load < BLOCKING_LOADS; load += 1) {
      // Nothing in the HTTP cache, as in Lighthouse's runs of the public pages.
      await session.send('Network.clearBrowserCache');
      await page.goto(url, { waitUntil: 'networkidle' });
      await sleep(1000);
      const { tasks, paint } = await page.evaluate(() => ({
        tasks: globalThis.__benchLongTasks,
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
      }));
      // As Lighthouse's total blocking time counts it: each task clipped to start at the first
      // contentful paint, then its time past 50 ms.
      const blocked = tasks.reduce((sum, [start, duration]) => {
        const clipped = start + duration - Math.max(start, paint);
        return sum + Math.max(0, clipped - 50);
      }, 0);
      loads.push(Math.round(blocked));
    }
    return loads;
  } finally {
    await page.close();
  }
}

/**
 * How much of its tasks' time the page's main thread was on a CPU, in a Lighthouse run's own
 * trace: the top-level tasks' thread time over their wall time, summed over the load. Lighthouse
 * takes the blocking time from the tasks' wall time (times 4, simulated). On a 2-core machine the
 * page shares the two CPUs with Chromium's software compositor and browser process and with
 * Lighthouse's recording, and a task the scheduler sets aside grows though the page does no more:
 * on a busy 2-core machine the page's main thread was on a CPU for under half of its tasks' time
 * (a provider search task of 135 ms held 36 ms of CPU), and the compositor used more CPU than
 * the page. The share tells a page that does more from a machine that gave it less. Undefined
 * when the trace cannot be read or has no thread times.
 */
function mainThreadCpuShare(artifacts) {
  try {
    const { mainThreadEvents } = TraceProcessor.processTrace(artifacts.Trace);
    let wall = 0;
    let cpu = 0;
    let end = 0;
    for (const event of mainThreadEvents) {
      // Top-level tasks only (the events are in start order): a nested task is in its parent's time.
      if (!TraceProcessor.isScheduleableTask(event) || !event.dur || event.ts < end) continue;
      end = event.ts + event.dur;
      // A task without its thread time (a trace recorded without thread clocks) says nothing either way.
      if (event.tdur === undefined) continue;
      wall += event.dur;
      cpu += event.tdur;
    }
    return wall > 0 ? Math.round((100 * cpu) / wall) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Debian's Chromium with a DevTools port for Lighthouse and Playwright. The port is Chromium's
 * own choice (`0`), read back from the `DevToolsActivePort` file it writes in its profile.
 */
async function startChromium() {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ccap-bench-chromium-'));
  const child = spawn(CHROMIUM, [...CHROME_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${userDataDir}`], {
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => {
    child.once('exit', resolve);
    child.once('error', resolve);
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
    // Chromium's helper processes may still be writing its cache just after the browser exits.
    fs.rmSync(userDataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  };
  const portFile = path.join(userDataDir, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  let written = '';
  while (!written.includes('\n')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`${CHROMIUM} did not open its DevTools port`);
    }
    await sleep(100);
    written = fs.existsSync(portFile) ? fs.readFileSync(portFile, 'utf8') : '';
  }
  return { port: Number(written.split('\n')[0]), stop };
}

/**
 * Signs the applicant in through the built-in OpenID Provider, in Playwright's tab. Lighthouse
 * measures in a tab of its own, and the app keeps its session in the tab's sessionStorage: every
 * later tab of the app starts with the signed-in tab's (a context init script, in force while
 * Playwright stays connected), beside the provider's cookie the browser already shares.
 */
async function signIn(context, base) {
  const page = await context.newPage();
  await page.goto(`${base}${WIZARD}`, { waitUntil: 'networkidle' });
  await page.locator('input[type=email]').fill('applicant@demo.example');
  await page.locator('input[type=password]').fill('Demo-Applicant-2026');
  await page.locator('button[type=submit]').click();
  // Runs in the page: back on the wizard, its first step shown.
  await page.waitForFunction(
    (wizard) => globalThis.location.pathname === wizard && !!globalThis.document.querySelector('main h1'),
    WIZARD,
  );
  const stored = await page.evaluate(() => Object.entries(globalThis.sessionStorage));
  await page.close();
  await context.addInitScript(
    ({ origin, entries }) => {
      if (globalThis.location.origin !== origin || globalThis.sessionStorage.length > 0) return;
      for (const [key, value] of entries) globalThis.sessionStorage.setItem(key, value);
    },
    { origin: new URL(base).origin, entries: stored },
  );
}

/** Lighthouse's default (mobile, simulated throttling) performance and accessibility scores. */
export async function lighthouseRows() {
  if (!fs.existsSync(CHROMIUM)) return [{ part: 'Web', measure: 'Lighthouse', value: `not measured: no ${CHROMIUM}` }];
  const product = await startProduct({ port: WEB_PORT });
  const chrome = await startChromium().catch(async (error) => {
    await product.stop();
    throw error;
  });
  const rows = [];
  try {
    // BENCH_WEB_PAGES (comma-separated routes, e.g. /ProviderSearch) measures only those.
    const only = (process.env.BENCH_WEB_PAGES ?? '').split(',').filter(Boolean);
    const pages = [
      ['/', false],
      ['/ProviderSearch', false],
      [WIZARD, true],
    ].filter(([route]) => only.length === 0 || only.includes(route));
    for (const [route, signedIn] of pages) {
      // Playwright is attached for the signed-in page's runs only (its init script signs
      // Lighthouse's tab in); the public pages' runs have the browser to themselves.
      let browser;
      try {
        if (signedIn) {
          browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
          await signIn(browser.contexts()[0], product.base);
        }
        const run = () =>
          lighthouse(`${product.base}${route}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            // Signed in: keep the session the sign-in stored (the IdP cookie; sessionStorage from the init script).
            disableStorageReset: signedIn,
          });
        // A failed trace recording (NO_NAVSTART, NO_FCP: "Please run Lighthouse again") gets one
        // more run; the row says so.
        const runs = [];
        let firstError;
        for (let attempt = 0; attempt < LIGHTHOUSE_RUNS; attempt += 1) {
          let measured = await run();
          const error = measured.lhr.runtimeError?.code;
          if (error) {
            firstError ??= error;
            measured = await run();
          }
          runs.push(measured);
        }
        const valid = runs.filter((each) => !each.lhr.runtimeError);
        // computeMedianRun throws if a run has no first paint or no time to interactive (a run that
        // never went quiet): the median is taken among the runs that have both.
        const timed = valid.filter((each) =>
          ['first-contentful-paint', 'interactive'].every((id) => Number.isFinite(each.lhr.audits[id]?.numericValue)),
        );
        const median = timed.length > 0 ? computeMedianRun(timed.map((each) => each.lhr)) : undefined;
        const result = runs.find((each) => each.lhr === median) ?? valid[0] ?? runs[0];
        const scores = valid.map((each) => Math.round((each.lhr.categories.performance.score ?? 0) * 100));
        // Lighthouse's CPU benchmark index of each run: how fast the machine was at that moment
        // (Lighthouse's own scale; at 1,000 or less it warns that the CPU is slower than it expects,
        // which lowers the score).
        const speeds = valid.map((each) => Math.round(each.lhr.environment?.benchmarkIndex ?? 0));
        const shares = valid.map((each) => mainThreadCpuShare(each.artifacts));
        // BENCH_LIGHTHOUSE_DIR keeps each page's full report, to read its request chains and main-thread work.
        if (process.env.BENCH_LIGHTHOUSE_DIR) {
          const name = route === '/' ? 'home' : route === WIZARD ? 'wizard' : route.slice(1);
          fs.mkdirSync(process.env.BENCH_LIGHTHOUSE_DIR, { recursive: true });
          fs.writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_DIR, `lighthouse-${name}.json`), result.report);
        }
        const { categories, audits, finalDisplayedUrl, runtimeError } = result.lhr;
        const measure = `Lighthouse ${route === WIZARD ? 'wizard step 1 (signed in)' : route}${firstError ? ` (a run again after ${firstError})` : ''}`;
        const target = 'perf ≥ 95, a11y 100';
        // Lighthouse could not measure the page (NO_FCP and the like): say so, not "performance 0".
        if (runtimeError) {
          rows.push({
            part: 'Web',
            measure,
            value: `not measured: ${runtimeError.code} (${runtimeError.message})`,
            target,
            ok: false,
          });
          continue;
        }
        if (new URL(finalDisplayedUrl).pathname !== route)
          throw new Error(`Lighthouse ended on ${finalDisplayedUrl}, not ${route}`);
        const { performance, accessibility } = categories;
        const seconds = (id) => `${(audits[id].numericValue / 1000).toFixed(1)} s`;
        // The middle score (the lower middle of an even number of runs: never the better one).
        const perf = scores.toSorted((a, b) => a - b)[Math.floor((scores.length - 1) / 2)];
        const medianRunPerf = Math.round((performance.score ?? 0) * 100);
        const a11y = Math.round((accessibility.score ?? 0) * 100);
        browser ??= await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const [first, ...again] = await blockingTime(browser.contexts()[0], `${product.base}${route}`);
        rows.push({
          part: 'Web',
          measure,
          value: `performance ${perf} (median score of ${valid.length} runs: ${scores.join(', ')}), accessibility ${a11y}; Lighthouse's median run: performance ${medianRunPerf}, FCP ${seconds('first-contentful-paint')}, LCP ${seconds('largest-contentful-paint')}, TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms; CPU benchmark index ${speeds.join(', ')}; the page's main thread on a CPU ${shares.map((share) => (share === undefined ? '?' : `${share} %`)).join(', ')} of its tasks' time`,
          target,
          ok: perf >= 95 && a11y === 100,
        });
        if (first !== undefined)
          rows.push({
            part: 'Web',
            measure: `  the same page's own blocking time at ${defaultSettings.throttling.cpuSlowdownMultiplier}× CPU, without Lighthouse`,
            value: `${first} ms the first load${again.length > 0 ? `; loaded again: ${again.join(', ')} ms` : ''}`,
          });
      } finally {
        await browser?.close();
      }
    }
  } finally {
    await chrome.stop();
    await product.stop();
  }
  return rows;
}

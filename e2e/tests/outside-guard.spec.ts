import { chromium, expect, test } from '@playwright/test';
import { BASE_URL } from '../support/env';
import { LOOPBACK_HOST, startOutsideGuard } from '../support/outside-guard';

// The guard every other test's browser stands behind (support/fixtures.ts), checked on its own
// browser: Playwright's plain test, since the suite's fixture fails any test that goes outside.
test('the outside guard refuses what leaves loopback and lets the portal through', async ({ launchOptions }) => {
  const guard = await startOutsideGuard();
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), guard.proxyArgument],
  });
  try {
    // Loopback goes straight to the portal, never through the guard.
    const portal = await browser.newPage();
    expect((await portal.goto(`${BASE_URL}/api/health`))?.status()).toBe(200);
    // Plain http: the guard's empty 403 comes back instead of the site's page.
    await expect((await browser.newPage()).goto('http://example.com/')).rejects.toThrow(
      /ERR_HTTP_RESPONSE_CODE_FAILURE/,
    );
    // https: the tunnel is never opened.
    await expect((await browser.newPage()).goto('https://example.org/')).rejects.toThrow(
      /ERR_TUNNEL_CONNECTION_FAILED/,
    );

    expect(guard.refused).toEqual(expect.arrayContaining(['http://example.com/', 'example.org:443']));
    // The browser's own calls (Google's update and accounts services) may be there as well.
    expect(guard.refused.filter((target) => new RegExp(LOOPBACK_HOST).test(target))).toEqual([]);
  } finally {
    await browser.close();
    await guard.close();
  }
});

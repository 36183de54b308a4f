import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

// A route with no declared access rule is a hole waiting to happen: the suite refuses it.
it('every API route declares who may call it', () => {
  const apiRoutes = ctx.app.routeTable.filter(
    (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.method !== 'HEAD',
  );
  expect(apiRoutes.map((route) => route.url)).toContain('/api/health');
  expect(apiRoutes.filter((route) => !route.access)).toEqual([]);
});

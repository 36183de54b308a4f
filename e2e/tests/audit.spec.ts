import { axeFor, expect, test } from '../support/fixtures';

// The audit every other test relies on (support/fixtures.ts), checked on a page given faults of
// its own: it writes out only violations in full, and must still find every one, with the
// elements that have it.
test('the axe audit the tests run finds a violation and names its element', async ({ page }) => {
  await page.goto('/pages/error404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // Built with the DOM, not markup: the Content Security Policy refuses a style attribute.
  await page.evaluate(() => {
    const faults = document.createElement('div');
    faults.id = 'audit-faults';
    const image = document.createElement('img');
    image.id = 'audit-image';
    image.src = '/favicon.svg';
    const faint = document.createElement('p');
    faint.id = 'audit-faint';
    faint.textContent = 'Faint words';
    faint.style.color = '#ccc';
    faint.style.backgroundColor = '#fff';
    faults.append(image, faint);
    document.querySelector('main')!.append(faults);
  });

  const { violations } = await axeFor(page).analyze();
  const found = Object.fromEntries(violations.map((v) => [v.id, v.nodes.map((n) => n.target.join(' '))]));
  expect(found['image-alt']).toEqual(['#audit-image']);
  expect(found['color-contrast']).toEqual(['#audit-faint']);

  // Taken away again, so that the audit after the test finds the page as the portal made it.
  await page.evaluate(() => document.getElementById('audit-faults')?.remove());
  expect((await axeFor(page).analyze()).violations).toEqual([]);
});

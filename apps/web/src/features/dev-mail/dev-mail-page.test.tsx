import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { problem } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

describe('development mail view', () => {
  it('lists the mail newest first with the addresses as links', async () => {
    await renderRoute('/dev/mail', { signedIn: false });
    const items = await screen.findAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Reset your password',
      'Confirm your email address',
    ]);
    expect(within(items[1]!).getByRole('link')).toHaveAttribute(
      'href',
      'http://localhost/auth/confirm-email?token=abc&uid=u1',
    );
    expect(items[1]).toHaveTextContent('to confirm.');
  });

  it('never renders mail text as HTML', async () => {
    server.use(
      http.get('*/api/Dev/mail', () =>
        HttpResponse.json({
          data: [
            {
              id: 9,
              to: 'a@b.c',
              subject: 'Hi',
              text: '<img src=x onerror=alert(1)> see https://x.test/a.',
              createdAt: '2026-01-01T00:00:00Z',
            },
          ],
        }),
      ),
    );
    await renderRoute('/dev/mail', { signedIn: false });
    const article = await screen.findByRole('article');
    expect(article.querySelector('img')).toBeNull();
    expect(article).toHaveTextContent('<img src=x onerror=alert(1)> see https://x.test/a.');
    expect(within(article).getByRole('link')).toHaveAttribute('href', 'https://x.test/a');
  });

  it('says when the view is turned off', async () => {
    server.use(http.get('*/api/Dev/mail', () => problem(404, 'about:blank')));
    await renderRoute('/dev/mail', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The development mail view is turned off on this server.',
    );
  });
});

import type { DraftRecord } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const draft: DraftRecord = {
  id: 12,
  userEmail: '',
  applicationJson: JSON.stringify({ providerType: 'registeredprovider' }),
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

describe('the start page', () => {
  it('discards a saved draft after asking, and keeps it when told to', async () => {
    let drafts = [draft];
    const deleted: string[] = [];
    server.use(
      http.post('*/api/Application/get-my-draft-applications', () => HttpResponse.json(drafts)),
      http.delete('*/api/Application/get-my-draft-applications', ({ request }) => {
        const id = new URL(request.url).searchParams.get('query')!;
        deleted.push(id);
        drafts = drafts.filter((record) => String(record.id) !== id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/registeredapplication');

    await user.click(await screen.findByRole('button', { name: 'Discard this draft' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Discard this draft?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep the draft' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Keep the draft' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Discard this draft' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Discard this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard the draft' }));
    expect(await screen.findByText('The draft was discarded.')).toBeInTheDocument();
    expect(deleted).toEqual(['12']);
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Continue your saved draft' })).toBeNull());
  });
});

import type { CredentialState, MyProviderRecord, MyRecordCredentials } from '@ccap/contracts';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { movedRecord } from '@/test/provider-record-fixtures';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

const credential = (overrides: Partial<CredentialState> & Pick<CredentialState, 'key' | 'code'>): CredentialState => ({
  kind: 'training',
  status: 'valid',
  required: true,
  ...overrides,
});

const credentials: CredentialState[] = [
  credential({ key: 'training:cpr', code: 'cpr', completedOn: '2025-01-10', expiresOn: '2027-01-10', daysLeft: 400 }),
  // Required and not given: no date to show, and no claim that it does not expire.
  credential({ key: 'training:first-aid', code: 'first-aid', status: 'missing' }),
  // Given, of a training that does not expire.
  credential({ key: 'training:medication', code: 'medication', completedOn: '2025-03-01', required: false }),
];

function arrange() {
  server.use(
    http.get('*/api/ProviderRecord/:id/changes', () => HttpResponse.json({ items: [] })),
    http.get('*/api/ProviderRecord', () => HttpResponse.json({ record: movedRecord([]) } satisfies MyProviderRecord)),
    http.get('*/api/ProviderRecord/credentials', () =>
      HttpResponse.json({ record: { applicationId: 31, credentials } } satisfies MyRecordCredentials),
    ),
  );
}

describe("the record's credentials table", () => {
  it('says "does not expire" only of a credential given without an expiry, nothing of one not given', async () => {
    arrange();
    await renderRoute('/my-provider-record');
    const table = within(await screen.findByRole('region', { name: 'Trainings and checks' })).getByRole('table');
    const row = (name: RegExp) => within(table).getByRole('rowheader', { name }).closest('tr')!;
    const cells = (name: RegExp) =>
      within(row(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);

    expect(cells(/CPR/)).toEqual([
      expect.stringContaining('January 10, 2025'),
      expect.stringContaining('January 10, 2027'),
      expect.stringContaining('Valid'),
    ]);
    expect(row(/first aid/i)).not.toHaveTextContent('Does not expire');
    expect(cells(/first aid/i)).toEqual([
      expect.stringMatching(/—$/),
      expect.stringMatching(/—$/),
      expect.stringContaining('Not given'),
    ]);
    expect(row(/[Mm]edication/)).toHaveTextContent('Does not expire');
  });

  it('names each column inside the cells for narrow screens, hidden from the table’s readers', async () => {
    arrange();
    await renderRoute('/my-provider-record');
    const table = within(await screen.findByRole('region', { name: 'Trainings and checks' })).getByRole('table');
    const expiry = within(table).getByRole('rowheader', { name: /CPR/ }).closest('tr')!.querySelectorAll('td')[1]!;
    const label = expiry.querySelector('[aria-hidden="true"]');
    expect(label).toHaveTextContent('Expires on:');
    expect(label).toHaveClass('sm:hidden');
  });
});

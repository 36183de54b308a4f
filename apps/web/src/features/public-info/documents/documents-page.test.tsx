import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

describe('documents and forms page', () => {
  it('lists every form with its number and long date, and every rule with its citation', async () => {
    await renderRoute('/documentandforms', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Documents and forms' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(document.title).toBe(`Documents and forms – ${testProfile.productName.en}`);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Form name', 'Form number', 'Last updated']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(testProfile.forms.length);
    expect(rows[0]).toHaveTextContent(`${testProfile.forms[0]!.name.en}${testProfile.forms[0]!.id}July 1, 2024`);
    const rules = screen.getByRole('region', { name: 'Rules' });
    for (const rule of testProfile.rules) {
      expect(within(rules).getByText(rule.name.en)).toBeInTheDocument();
      expect(within(rules).getByText(rule.citation)).toBeInTheDocument();
    }
  });
});

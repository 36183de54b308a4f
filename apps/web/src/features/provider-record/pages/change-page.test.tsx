import { type ChangeDraft, maskProtectedFields, type MyProviderRecord, type ProviderChange } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { answeredApplication } from '@/test/application-fixtures';
import { testLookups } from '@/test/handlers';
import { firstRecordVersion } from '@/test/provider-record-fixtures';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// As the provider reads their record and their change: every date of birth masked.
const answers = maskProtectedFields(answeredApplication());
const MASKED = '••••-••-••';

const record = firstRecordVersion(answers);

const change: ProviderChange = {
  changeId: 12,
  applicationId: 31,
  providerName: 'Little Oaks Home Care',
  county: 'Polk',
  status: 'draft',
  parts: ['adults'],
  effectiveDate: '2026-11-20',
  note: null,
  version: 1,
  basedOnVersion: 1,
  currentRecordVersion: 1,
  conflict: false,
  before: { adults: answers.adults },
  current: null,
  after: { adults: answers.adults },
  documentsNeeded: [],
  createdAt: '2026-11-19T15:00:00.000Z',
  submittedAt: null,
  decidedAt: null,
  decisionReason: null,
  appliedVersion: null,
  appliedWithoutReview: false,
};

function serve() {
  const saved: ChangeDraft[] = [];
  server.use(
    // The household's relationships, as the program's lookups name them.
    http.get('*/api/Lookup/get-lookups', () =>
      HttpResponse.json({
        data: [
          ...testLookups,
          { lookupId: 90, lookupType: 'Relationship', code: 'spouse', name: 'Spouse', parentLookupId: null },
          { lookupId: 91, lookupType: 'Relationship', code: 'parent', name: 'Parent', parentLookupId: null },
        ],
      }),
    ),
    http.get('*/api/ProviderRecord', () => HttpResponse.json({ record } satisfies MyProviderRecord)),
    http.get('*/api/ProviderRecord/changes/12', () => HttpResponse.json(change)),
    http.put('*/api/ProviderRecord/changes/12', async ({ request }) => {
      const body = (await request.json()) as ChangeDraft;
      saved.push(body);
      return HttpResponse.json({ ...change, version: change.version + 1, after: body.answers });
    }),
  );
  return saved;
}

const step = async () =>
  within((await screen.findByRole('heading', { name: /adults/i, level: 2 })).closest('section')!);

describe('household dates of birth in a change', () => {
  it('keeps a date of birth on file without asking for it again', async () => {
    const saved = serve();
    await renderRoute('/my-provider-record/changes/12');
    const form = await step();
    expect(form.getByText(/On file \(hidden here\)/)).toBeInTheDocument();
    // No empty date input stands where the date on file is.
    expect(form.queryByLabelText('Date of birth')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.answers.adults?.members?.[0]).toMatchObject({ firstName: 'Jon', dateOfBirth: MASKED });
  });

  it('lets the provider correct it, by the step’s rules', async () => {
    const saved = serve();
    await renderRoute('/my-provider-record/changes/12');
    const form = await step();
    await userEvent.click(form.getByRole('button', { name: 'Correct the date of birth' }));
    const input = form.getByLabelText('Date of birth');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    expect((await form.findAllByText(/Enter a real date|required/i)).length).toBeGreaterThan(0);
    expect(saved).toHaveLength(0);
    // A child's age is refused for an adult, as in the application.
    await userEvent.type(input, '2020-01-01');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    expect(form.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveLength(0);
    await userEvent.clear(form.getByLabelText('Date of birth'));
    await userEvent.type(form.getByLabelText('Date of birth'), '1984-07-19');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.answers.adults?.members?.[0]?.dateOfBirth).toBe('1984-07-19');
  });

  it('asks a new person for a date of birth, the others keeping theirs', async () => {
    const saved = serve();
    await renderRoute('/my-provider-record/changes/12');
    const form = await step();
    await userEvent.click(form.getByRole('button', { name: 'Add another person' }));
    const second = within(form.getByRole('group', { name: 'Person 2' }));
    await userEvent.type(second.getByLabelText('First name'), 'Rosa');
    await userEvent.type(second.getByLabelText('Last name'), 'Lopez');
    await userEvent.selectOptions(second.getByLabelText('Relationship to you'), 'parent');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    expect(second.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toHaveLength(0);
    await userEvent.type(second.getByLabelText('Date of birth'), '1950-04-02');
    await userEvent.click(form.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.answers.adults?.members?.map((member) => member.dateOfBirth)).toEqual([MASKED, '1950-04-02']);
  });
});

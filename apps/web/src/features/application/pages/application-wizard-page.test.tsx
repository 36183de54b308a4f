import { type DraftRecord, draftConflictProblemType, type SaveDraftRequest } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { answeredApplication, providerInfo } from '@/test/application-fixtures';
import { problem, unavailable } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

/** A stand-in for the draft calls: one stored draft with a version, as the server keeps it. */
function fakeDrafts(initial: DraftRecord[], options: { latencyMs?: number } = {}) {
  let drafts = structuredClone(initial);
  const saves: SaveDraftRequest[] = [];
  server.use(
    http.post('*/api/Application/get-my-draft-applications', () => HttpResponse.json(drafts)),
    http.post('*/api/Application/save-my-draft-applications', async ({ request }) => {
      const body = (await request.json()) as SaveDraftRequest;
      saves.push(body);
      if (options.latencyMs) await delay(options.latencyMs);
      const current = drafts.find((draft) => draft.id === body.id);
      if (current && current.version !== body.version) {
        return problem(409, draftConflictProblemType, { detail: 'The draft was changed elsewhere.' });
      }
      const saved = {
        id: current?.id ?? 41,
        userEmail: '',
        applicationJson: body.applicationJson,
        version: (current?.version ?? 0) + 1,
        updatedAt: new Date().toISOString(),
      };
      drafts = [...drafts.filter((draft) => draft.id !== saved.id), saved];
      return HttpResponse.json({ id: saved.id, applicationJson: saved.applicationJson, version: saved.version });
    }),
  );
  return {
    saves,
    /** Another tab saves a newer version behind this one's back. */
    changeElsewhere(application: object) {
      drafts = drafts.map((draft) => ({
        ...draft,
        applicationJson: JSON.stringify(application),
        version: draft.version + 1,
      }));
    },
  };
}

const draft = (application: object): DraftRecord => ({
  id: 12,
  userEmail: '',
  applicationJson: JSON.stringify(application),
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
});

/** Answers the category step. */
async function fillCategoryStep(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Category'), 'cdh-a');
  await user.click(screen.getByRole('checkbox', { name: 'School age' }));
  await user.type(screen.getByLabelText('Number of children you can care for at one time'), '6');
  // What the shipped profile's rules ask of category A: the children by age, and the QRS level.
  await user.type(screen.getByLabelText('Children not yet in school'), '0');
  await user.type(screen.getByLabelText('Of them, aged 24 months or younger'), '0');
  await user.type(screen.getByLabelText('Of them, aged 12 months or younger'), '0');
  await user.type(screen.getByLabelText('School-age children'), '6');
  await user.selectOptions(screen.getByLabelText('Quality Rating System (QRS) level'), 'none');
}

/** Answers the category step and saves it. */
async function completeCategoryStep(user: ReturnType<typeof userEvent.setup>) {
  await fillCategoryStep(user);
  await user.click(screen.getByRole('button', { name: 'Save and continue' }));
}

/** Opens the review step of draft 12, accepts the conditions, signs and presses Submit. */
async function signAndSubmit() {
  const user = userEvent.setup();
  await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=complete-application-form');
  await user.click(await screen.findByRole('checkbox', { name: 'I have read and accept these conditions' }));
  await user.type(screen.getByLabelText('Your full legal name'), 'Nia Provider');
  await user.click(screen.getByRole('button', { name: 'Submit application' }));
}

describe('the application wizard', () => {
  let api: ReturnType<typeof fakeDrafts>;

  beforeEach(() => {
    api = fakeDrafts([
      draft({ providerType: 'registeredprovider', categoryTypes: { providerTypeCode: 'registered-cdh' } }),
    ]);
  });

  it('a failed save says so and keeps every answer on the page', async () => {
    server.use(http.post('*/api/Application/save-my-draft-applications', () => problem(503, 'about:blank')));
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await completeCategoryStep(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be saved');
    expect(screen.getByRole('heading', { level: 2, name: 'Category, ages and capacity' })).toBeInTheDocument();
    expect(screen.getByLabelText('Number of children you can care for at one time')).toHaveValue(6);
    expect(screen.getByRole('checkbox', { name: 'School age' })).toBeChecked();
  });

  it('a save the busy database turned away says so, that nothing saved was lost, and when to try again', async () => {
    server.use(
      http.post('*/api/Application/save-my-draft-applications', () =>
        problem(503, 'urn:ccap:problem:database-busy', { retryAfterSeconds: 2 }),
      ),
    );
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await completeCategoryStep(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your answers could not be saved. They are still on this page.');
    expect(alert).toHaveTextContent(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost. Please try again in 2 seconds.',
    );
    expect(alert).not.toHaveTextContent('Check your connection');
    expect(screen.getByLabelText('Number of children you can care for at one time')).toHaveValue(6);
  });

  it('saves the whole draft with the version it started from, and reloads from the answer', async () => {
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await completeCategoryStep(user);

    const stepHeading = await screen.findByRole('heading', { level: 2, name: 'Provider information' });
    await waitFor(() => expect(stepHeading).toHaveFocus());
    expect(api.saves).toHaveLength(1);
    expect(api.saves[0]).toMatchObject({ id: 12, version: 3, userEmail: '' });
    expect(JSON.parse(api.saves[0]!.applicationJson)).toEqual({
      providerType: 'registeredprovider',
      draftApplicationId: 12,
      categoryTypes: {
        providerTypeCode: 'registered-cdh',
        categoryCode: 'cdh-a',
        agesServed: ['school-age'],
        capacity: 6,
        preschoolChildren: 0,
        childrenUpTo24Months: 0,
        childrenUpTo12Months: 0,
        schoolAgeChildren: 6,
        qualityRating: 'none',
      },
    });
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(steps).getByRole('link', { name: /Category, ages and capacity/ })).toHaveTextContent('Done');
  });

  it.each([
    ['after the first save is answered', 0],
    ['while the first save is on its way', 300],
  ])('a double click on Save and continue never conflicts with itself (%s)', async (_, latencyMs) => {
    api = fakeDrafts(
      [draft({ providerType: 'registeredprovider', categoryTypes: { providerTypeCode: 'registered-cdh' } })],
      { latencyMs },
    );
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await fillCategoryStep(user);
    await user.dblClick(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Provider information' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.saves.map((save) => save.version)).toEqual([3]);
  });

  it('a double click on the first step of a new application creates one draft', async () => {
    api = fakeDrafts([]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?step=category-types-v1');
    await fillCategoryStep(user);
    await user.dblClick(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Provider information' });
    expect(api.saves.filter((save) => !save.id)).toHaveLength(1);
  });

  it('after a failed save, the next press saves again', async () => {
    let refusals = 1;
    server.use(
      http.post('*/api/Application/save-my-draft-applications', () =>
        refusals-- > 0 ? problem(503, 'about:blank') : undefined,
      ),
    );
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await completeCategoryStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be saved');

    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Provider information' })).toBeInTheDocument();
    expect(api.saves.map((save) => save.version)).toEqual([3]);
  });

  it('a double click on Back keeps what was typed with one save', async () => {
    api = fakeDrafts(
      [draft({ providerType: 'registeredprovider', categoryTypes: { providerTypeCode: 'registered-cdh' } })],
      { latencyMs: 300 },
    );
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    await fillCategoryStep(user);
    await user.dblClick(screen.getByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Provider type' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.saves.map((save) => save.version)).toEqual([3]);
  });

  it('asks again for a county no longer on the list, rather than keeping it unseen', async () => {
    api = fakeDrafts([
      draft({
        providerType: 'registeredprovider',
        providerInfo,
        address: {
          careLocation: { address1: '1 Main St', city: 'Ames', state: 'IA', zipCode: '50010' },
          mailingSameAsCare: true,
          county: 'Polk County',
        },
      }),
    ]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=address-form');
    const county = await screen.findByRole('combobox', { name: 'County where care happens' });
    expect(county).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(county).toHaveAccessibleDescription(/This is required/);
    expect(api.saves).toEqual([]);

    await user.selectOptions(county, 'Polk');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await screen.findByRole('heading', { level: 2, name: 'Assistants' });
    const saved = JSON.parse(api.saves.at(-1)!.applicationJson) as { address: { county: string } };
    expect(saved.address.county).toBe('Polk');
  });

  it('a submission another tab saved the draft after is refused: the newer draft is loaded, nothing submitted', async () => {
    api = fakeDrafts([draft(answeredApplication())]);
    const submissions: { version?: number }[] = [];
    server.use(
      http.post('*/api/Application', async ({ request }) => {
        const body = (await request.json()) as { version?: number };
        submissions.push(body);
        // The other tab saved between this tab's save of the conditions and its submission.
        api.changeElsewhere({ ...answeredApplication(), providerInfo: { ...providerInfo, businessName: 'Other tab' } });
        return problem(409, draftConflictProblemType, { detail: 'The draft was saved elsewhere.' });
      }),
    );
    await signAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent('This draft was changed in another tab or window');
    // The submission named the version this tab had just saved, and nothing says "submitted".
    expect(submissions).toHaveLength(1);
    expect(api.saves.at(-1)!.version).toBe(3);
    expect(submissions[0]!.version).toBe(4);
    expect(screen.queryByRole('heading', { name: 'Application submitted' })).not.toBeInTheDocument();
    // The newer draft is shown: the other tab's business name is in the answers.
    expect(await screen.findByText('Other tab')).toBeInTheDocument();
  });

  it('a refused submission whose newer draft cannot be read says the service is busy and nothing was lost', async () => {
    api = fakeDrafts([draft(answeredApplication())]);
    server.use(
      http.post('*/api/Application', () => {
        // Busy for two minutes: not asked again by itself (a 500 would be, after 1 s and 2 s).
        server.use(http.post('*/api/Application/get-my-draft-applications', () => unavailable(120)));
        return problem(409, draftConflictProblemType, { detail: 'The draft was saved elsewhere.' });
      }),
    );
    await signAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost.',
    );
    expect(screen.queryByRole('heading', { name: 'Application submitted' })).not.toBeInTheDocument();
  });

  it('a save that lost to another tab loads the newer draft, keeps what was typed and says so', async () => {
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=provider-information');
    await user.type(await screen.findByLabelText('First name'), 'Nia');
    api.changeElsewhere({
      providerType: 'registeredprovider',
      categoryTypes: {
        providerTypeCode: 'registered-cdh',
        categoryCode: 'cdh-a',
        agesServed: ['school-age'],
        capacity: 4,
        preschoolChildren: 0,
        childrenUpTo24Months: 0,
        childrenUpTo12Months: 0,
        schoolAgeChildren: 4,
        qualityRating: '2',
      },
    });
    await user.type(screen.getByLabelText('Last name'), 'Provider');
    await user.type(screen.getByLabelText('Date of birth'), '1985-04-12');
    await user.type(screen.getByLabelText('Phone number'), '515-555-0123');
    await user.type(screen.getByLabelText('Email address'), 'nia@example.gov');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This draft was changed in another tab or window');
    expect(screen.getByLabelText('First name')).toHaveValue('Nia');
    const steps = screen.getByRole('navigation', { name: 'Application steps' });
    expect(within(steps).getByRole('link', { name: /Category, ages and capacity/ })).toHaveTextContent('Done');

    // Saving again goes over the newer version: both tabs' answers are kept.
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Addresses' })).toBeInTheDocument();
    const last = JSON.parse(api.saves.at(-1)!.applicationJson) as Record<string, Record<string, unknown>>;
    expect(api.saves.at(-1)!.version).toBe(4);
    expect(last.categoryTypes!.capacity).toBe(4);
    expect(last.providerInfo!.firstName).toBe('Nia');
  });

  it('opening on a Saturday ticks weekend care, so the review never says "No" beside weekend hours', async () => {
    fakeDrafts([draft(answeredApplication())]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=operation-hours-form');
    const weekend = await screen.findByRole('checkbox', { name: 'I offer weekend care' });
    expect(weekend).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Open on Saturday' }));
    expect(weekend).toBeChecked();
  });

  it('says why a number that is never a Social Security number is refused', async () => {
    fakeDrafts([draft(answeredApplication())]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=w9-info-form');
    await user.click(await screen.findByRole('button', { name: 'Change the number' }));
    await user.type(screen.getByLabelText(/Taxpayer identification number/), '987-65-4321');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(
      (await screen.findAllByText(/A Social Security number never starts with 9: numbers starting with 9 are taxpayer/))
        .length,
    ).toBeGreaterThan(0);
  });
});

describe('the program rules in the wizard (from the shipped profile)', () => {
  it("asks category A's children by age and its QRS level, and refuses more than it allows in the rule's words", async () => {
    const api = fakeDrafts([
      draft({ providerType: 'registeredprovider', categoryTypes: { providerTypeCode: 'registered-cdh' } }),
    ]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/registeredprovider?draft=12&step=category-types-v1');
    expect(await screen.findByLabelText('Category')).toBeInTheDocument();
    // Nothing by age is asked before a category that limits it is chosen.
    expect(screen.queryByLabelText('Children not yet in school')).not.toBeInTheDocument();
    await fillCategoryStep(user);
    expect(screen.getByText('This category allows at most 6')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Children not yet in school'));
    await user.type(screen.getByLabelText('Children not yet in school'), '7');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));

    const field = screen.getByLabelText('Children not yet in school');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription(/This category allows at most 6/);
    // Also more aged 12 months or younger than aged 24 months or younger: the part is not bigger than its whole.
    await user.clear(screen.getByLabelText('Of them, aged 12 months or younger'));
    await user.type(screen.getByLabelText('Of them, aged 12 months or younger'), '1');
    await waitFor(() =>
      expect(screen.getByLabelText('Of them, aged 12 months or younger')).toHaveAccessibleDescription(
        /This cannot be more than the number it is part of/,
      ),
    );
    expect(api.saves).toHaveLength(0);
  });

  it("asks care in the child's home for its eligible children and one rate per unit, under the program's maximum", async () => {
    const application = {
      ...answeredApplication(),
      providerType: 'unregisteredprovider',
      categoryTypes: {
        providerTypeCode: 'non-registered-in-home',
        categoryCode: 'in-home',
        agesServed: ['preschool'],
        capacity: 3,
        eligibleChildren: 3,
      },
      ratesInfo: {},
    };
    const api = fakeDrafts([draft(application)]);
    const user = userEvent.setup();
    await renderRoute('/registeredapplication/registration/unregisteredprovider?draft=12&step=rates-info-form');
    const rate = await screen.findByLabelText('Rate per half-day unit');
    expect(screen.queryByLabelText('Basic care')).not.toBeInTheDocument();
    expect(screen.getByText(/At most \$36\.25/)).toBeInTheDocument();
    await user.type(rate, '36.26');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findAllByText("This is above the program's maximum rate")).not.toHaveLength(0);
    expect(api.saves).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '36.25');
    await user.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.saves).toHaveLength(1));
    expect(JSON.parse(api.saves[0]!.applicationJson).ratesInfo).toEqual({ inHomeRate: 36.25 });
  });
});

import type { Page } from '@playwright/test';
import { createAccount } from '../support/auth';
import { expect, expectNoAxeViolations, test } from '../support/fixtures';
import { keyboard } from '../support/keyboard';

const WIZARD = {
  registeredprovider: '/registeredapplication/registration/registeredprovider',
  unregisteredprovider: '/registeredapplication/registration/unregisteredprovider',
} as const;

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name, exact: true });

/** Save and continue, with Enter on the button, then wait for the next step's heading. */
async function saveAndContinue(page: Page, next: string) {
  await keyboard(page).press(page.getByRole('button', { name: 'Save and continue' }));
  await expect(stepHeading(page, next)).toBeVisible();
  await expect(stepHeading(page, next)).toBeFocused();
}

/**
 * Every step of the application from the keyboard, checking axe on each, up to the review
 * page. The registered route has one provider type; the unregistered one offers two.
 */
async function completeSteps(page: Page, type: keyof typeof WIZARD) {
  const keys = keyboard(page);
  await expect(stepHeading(page, 'Provider type')).toBeVisible();
  if (type === 'unregisteredprovider') {
    await keys.check(page.getByRole('radio', { name: 'Non-registered child care home' }));
  } else {
    await expect(page.getByRole('radio', { name: 'Registered child development home' })).toBeChecked();
  }
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Category, ages and capacity');

  await keys.choose(
    page.getByLabel('Category', { exact: true }),
    type === 'registeredprovider' ? 'Child development home B' : 'Child care home',
  );
  await keys.check(page.getByRole('checkbox', { name: 'Infant and toddler (2 weeks to 3 years)' }));
  await keys.check(page.getByRole('checkbox', { name: 'Preschool (3 years to school age)' }));
  await keys.type(page.getByLabel('Number of children you can care for at one time', { exact: true }), '6');
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Provider information');

  await keys.type(page.getByLabel('First name', { exact: true }), 'Nia');
  await keys.type(page.getByLabel('Last name', { exact: true }), 'Provider');
  await keys.date(page.getByLabel('Date of birth', { exact: true }), '1985-04-12');
  await keys.type(page.getByLabel('Phone number', { exact: true }), '515-555-0123');
  await keys.type(page.getByLabel('Email address', { exact: true }), 'nia@example.gov');
  await keys.type(page.getByLabel('Business name (optional)', { exact: true }), 'Sunny Days Child Care');
  await keys.check(page.getByRole('checkbox', { name: 'Spanish' }));
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Addresses');

  const care = page.getByRole('group', { name: 'Where care happens' });
  await keys.type(care.getByLabel('Street address', { exact: true }), '400 Main Street');
  await keys.type(care.getByLabel('City', { exact: true }), 'Des Moines');
  await keys.type(care.getByLabel('ZIP code', { exact: true }), '50309');
  await keys.choose(page.getByLabel('County where care happens', { exact: true }), 'Polk');
  await expect(page.getByRole('checkbox', { name: /mailing address is the same/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Assistants');

  await keys.press(page.getByRole('button', { name: 'Add another person' }));
  const assistant = page.getByRole('group', { name: 'Person 1' });
  await expect(assistant.getByLabel('First name', { exact: true })).toBeFocused();
  await page.keyboard.type('Ana');
  await keys.type(assistant.getByLabel('Last name', { exact: true }), 'Helper');
  await keys.date(assistant.getByLabel('Date of birth', { exact: true }), '2005-06-01');
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Children in the home');

  // No children in the home is an answer too.
  await expect(page.getByText('No one listed yet.')).toBeVisible();
  await saveAndContinue(page, 'Adults in the home');

  await keys.press(page.getByRole('button', { name: 'Add another person' }));
  const adult = page.getByRole('group', { name: 'Person 1' });
  await page.keyboard.type('Sam');
  await keys.type(adult.getByLabel('Last name', { exact: true }), 'Provider');
  await keys.date(adult.getByLabel('Date of birth', { exact: true }), '1983-02-03');
  await keys.choose(adult.getByLabel('Relationship to you', { exact: true }), 'Spouse');
  await keys.check(page.getByRole('checkbox', { name: /I consent to the state checking/ }));
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Tax information (W-9)');

  // Filled in from earlier answers.
  await expect(page.getByLabel('Name (as shown on your income tax return)', { exact: true })).toHaveValue(
    'Nia Provider',
  );
  await keys.choose(page.getByLabel('Federal tax classification', { exact: true }), 'Individual');
  await keys.check(page.getByRole('radio', { name: 'Social Security number (SSN)' }));
  await keys.type(page.getByLabel('Taxpayer identification number', { exact: true }), '123-45-6789');
  await expect(
    page.getByRole('group', { name: 'Address for tax forms' }).getByLabel('City', { exact: true }),
  ).toHaveValue('Des Moines');
  await keys.check(page.getByRole('checkbox', { name: /Under penalties of perjury/ }));
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Rates');

  for (const group of ['Infant and toddler (2 weeks to 3 years)', 'Preschool (3 years to school age)', 'School age']) {
    const rates = page.getByRole('group', { name: group, exact: true });
    await keys.type(rates.getByLabel('Basic care', { exact: true }), '25.50');
    await keys.type(rates.getByLabel('Special needs care', { exact: true }), '30');
  }
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Hours of operation');

  // Weekdays 7:00 to 18:00 are filled in; open on Saturday mornings too.
  await keys.check(page.getByRole('checkbox', { name: 'Open on Saturday' }));
  await keys.type(page.getByRole('group', { name: 'Saturday' }).getByLabel('Closes at', { exact: true }), '1200P');
  await expectNoAxeViolations(page);
  await saveAndContinue(page, 'Review and sign');
}

async function signAndSubmit(page: Page) {
  const keys = keyboard(page);
  await keys.check(page.getByRole('checkbox', { name: 'I have read and accept these conditions' }));
  await keys.type(page.getByLabel('Your full legal name', { exact: true }), 'Nia Provider');
  await keys.press(page.getByRole('button', { name: 'Submit application' }));
  await expect(page.getByText('Application submitted')).toBeVisible();
  await expect(page.getByText(/Your application number is \d+/)).toBeVisible();
}

for (const type of ['registeredprovider', 'unregisteredprovider'] as const) {
  test(`a new provider completes and submits a ${type} application with the keyboard alone`, async ({ page }) => {
    test.setTimeout(120_000);
    await createAccount(page, '/registeredapplication');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Apply to the Child Care Assistance program' }),
    ).toBeVisible();
    await keyboard(page).press(
      page.getByRole('link', {
        name: `Start this application: ${type === 'registeredprovider' ? 'Registered child development home' : 'Non-registered provider'}`,
      }),
    );
    await expect(page).toHaveURL(new RegExp(WIZARD[type]));
    await completeSteps(page, type);

    // The review shows every answer, the taxpayer number masked.
    const review = page.getByRole('region', { name: 'Your answers' });
    await expect(review).toContainText('Sunny Days Child Care');
    await expect(review).toContainText('400 Main Street');
    await expect(review).toContainText('•••••6789');
    await expect(review).not.toContainText('123-45-6789');
    await expect(review).toContainText('$25.50 per half day');
    await expectNoAxeViolations(page);
    await signAndSubmit(page);
  });
}

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';

const { eligibility } = testProfile;
const unit = testProfile.contactUnits.find((candidate) => candidate.id === 'eligibility')!;
const tel = (phone: string) => `tel:+1${phone.replace(/\D/g, '')}`;
const money = (value: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(value);

async function openScreener() {
  await renderRoute('/childcareEligibilityInfo', { signedIn: false });
  const toggle = await screen.findByRole('button', { name: 'See if you may qualify' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await userEvent.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return screen.getByRole('region', { name: 'See if you may qualify' });
}

async function answer(values: {
  age: string;
  specialNeeds: 'Yes' | 'No';
  hours: string;
  size: string;
  income: string;
}) {
  await userEvent.type(screen.getByLabelText('How old is your child?'), values.age);
  await userEvent.click(screen.getByRole('radio', { name: values.specialNeeds }));
  await userEvent.type(screen.getByLabelText(/hours a week do you work/), values.hours);
  await userEvent.type(screen.getByLabelText('How many people live in your household?'), values.size);
  await userEvent.type(screen.getByLabelText(/yearly income/), values.income);
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
}

describe('eligibility page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('states the rules from the program profile, with the eligibility unit as tel: links', async () => {
    await renderRoute('/childcareEligibilityInfo', { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Child Care Assistance eligibility' }),
    ).toBeInTheDocument();
    const who = await screen.findByRole('region', { name: 'Who can get help' });
    expect(document.title).toBe(`Child Care Assistance eligibility – ${testProfile.productName.en}`);
    expect(who).toHaveTextContent(
      `under ${eligibility.childAgeLimit} years old, or under ${eligibility.specialNeedsChildAgeLimit} if the child has special needs`,
    );
    expect(who).toHaveTextContent(`an average of ${eligibility.averageWorkHoursPerWeek} hours a week`);
    expect(who).toHaveTextContent(`lifetime limit of ${eligibility.postsecondaryLifetimeLimitMonths} months`);
    expect(who).toHaveTextContent(
      `under ${eligibility.incomeLimitPercentOfPoverty}% of the federal poverty level, or under ${eligibility.incomeLimitPercentOfPovertySpecialNeeds}%`,
    );
    expect(screen.getByRole('heading', { name: 'Licensed child care centers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Registered child development homes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Non-registered child care homes' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Provider approval' })).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Questions about eligibility' });
    expect(within(contact).getByRole('link', { name: unit.phone })).toHaveAttribute('href', tel(unit.phone));
    expect(within(contact).getByRole('link', { name: unit.fax })).toHaveAttribute('href', tel(unit.fax!));
    // Families apply to the state, not through the provider application of this portal.
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Apply for Child Care Assistance (state website)' }),
    ).toHaveAttribute('href', testProfile.mainChildCarePageUrl);
    expect(within(screen.getByRole('main')).queryByRole('link', { name: /^Apply$/ })).toBeNull();
  });

  it('prints the requirements with the browser print dialog', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderRoute('/childcareEligibilityInfo', { signedIn: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Print requirements' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('tells a family that meets every rule that it may qualify, and that only the state decides', async () => {
    await openScreener();
    await answer({ age: '4', specialNeeds: 'No', hours: '30', size: '3', income: '30,000' });
    const result = await screen.findByRole('heading', { name: 'You may qualify' });
    await waitFor(() => expect(result).toHaveFocus());
    const limit =
      ((eligibility.federalPovertyGuideline.firstPerson +
        2 * eligibility.federalPovertyGuideline.eachAdditionalPerson) *
        eligibility.incomeLimitPercentOfPoverty) /
      100;
    expect(
      screen.getByText(`Your income of $30,000.00 is within the limit of ${money(limit)} for a household of 3.`),
    ).toBeInTheDocument();
    expect(screen.getByText(/Only the state decides/)).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Apply for Child Care Assistance (state website)' })[1]).toHaveAttribute(
      'href',
      testProfile.mainChildCarePageUrl,
    );
  });

  it('explains each reason a family may not qualify', async () => {
    await openScreener();
    const size = 4;
    const { firstPerson, eachAdditionalPerson } = eligibility.federalPovertyGuideline;
    const limit = ((firstPerson + (size - 1) * eachAdditionalPerson) * eligibility.incomeLimitPercentOfPoverty) / 100;
    await answer({ age: '14', specialNeeds: 'No', hours: '10', size: String(size), income: String(limit + 500) });
    const notQualified = await screen.findByRole('heading', { name: 'You may not qualify' });
    await waitFor(() => expect(notQualified).toHaveFocus());
    expect(
      screen.getByText(`Your child's age, 14, is not under the age limit of ${eligibility.childAgeLimit}.`),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Your 10 hours a week are fewer than the average of ${eligibility.averageWorkHoursPerWeek} hours a week.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        `Your income of ${money(limit + 500)} is above the limit of ${money(limit)} for a household of ${size}.`,
      ),
    ).toBeInTheDocument();
  });

  it('uses the special-needs age and income limits', async () => {
    await openScreener();
    const { firstPerson } = eligibility.federalPovertyGuideline;
    const income = (firstPerson * eligibility.incomeLimitPercentOfPovertySpecialNeeds) / 100;
    await answer({ age: '18', specialNeeds: 'Yes', hours: '28', size: '1', income: String(income) });
    expect(await screen.findByRole('heading', { name: 'You may qualify' })).toBeInTheDocument();
    expect(
      screen.getByText(`Your child's age, 18, is under the age limit of ${eligibility.specialNeedsChildAgeLimit}.`),
    ).toBeInTheDocument();
  });

  it('lists what is missing before it answers', async () => {
    await openScreener();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getAllByRole('link')).toHaveLength(5);
    expect(screen.getByLabelText('How old is your child?')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('heading', { name: /You may/ })).not.toBeInTheDocument();
  });
});

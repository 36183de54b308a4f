import type { ProgramProfile } from '@ccap/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { localeFileOf } from '@/lib/locales';
import { useLocalize } from '@/lib/localized-text';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactUnitDetails } from '../components/contact-unit';
import { WithProfile } from '../components/profile-state';
import { EligibilityScreener, FamilyApplyLink } from './eligibility-screener';

const SCREENER_ID = 'eligibility-screener';
const CARE_TYPES = ['center', 'registeredHome', 'nonRegisteredHome', 'inHome'] as const;

/**
 * /childcareEligibilityInfo: who can get help, who can care for a child, provider approval,
 * and the eligibility unit's numbers. It prints as a clean requirements sheet.
 */
export function EligibilityPage() {
  const { t } = useTranslation();
  usePageTitle(t('publicInfo.eligibility.title'));
  return (
    <article
      aria-labelledby="eligibility-heading"
      className="max-w-3xl space-y-8 print:max-w-none print:space-y-4 print:text-black print:**:text-black!"
    >
      <h1 id="eligibility-heading" className="text-3xl font-bold">
        {t('publicInfo.eligibility.title')}
      </h1>
      <WithProfile>{(profile) => <EligibilityContent profile={profile} />}</WithProfile>
    </article>
  );
}

function EligibilityContent({ profile }: { profile: ProgramProfile }) {
  const { t, i18n } = useTranslation();
  const localize = useLocalize();
  const format = useIntlFormat();
  const [screenerOpen, setScreenerOpen] = useState(false);
  const rules = profile.eligibility;
  const unit = profile.contactUnits.find((candidate) => candidate.id === 'eligibility') ?? {
    id: 'eligibility',
    name: {
      en: t('publicInfo.eligibility.contactFallback'),
      [localeFileOf(i18n.language)]: t('publicInfo.eligibility.contactFallback'),
    },
    phone: profile.phone,
    fax: profile.fax,
  };

  return (
    <>
      <p className="text-lg">{t('publicInfo.eligibility.intro', { state: localize(profile.state.name) })}</p>

      <div className="flex flex-wrap gap-3 print:hidden">
        <Button variant="secondary" onClick={() => window.print()}>
          {t('publicInfo.eligibility.print')}
        </Button>
        <Button
          variant="secondary"
          aria-expanded={screenerOpen}
          aria-controls={screenerOpen ? SCREENER_ID : undefined}
          onClick={() => setScreenerOpen((open) => !open)}
        >
          {t('publicInfo.eligibility.screener')}
        </Button>
        <FamilyApplyLink href={profile.mainChildCarePageUrl} />
      </div>

      {screenerOpen ? (
        <EligibilityScreener id={SCREENER_ID} rules={rules} applyHref={profile.mainChildCarePageUrl} />
      ) : null}

      <section aria-labelledby="who-heading" className="space-y-3">
        <h2 id="who-heading" className="text-2xl font-semibold">
          {t('publicInfo.eligibility.who.heading')}
        </h2>
        <p>{t('publicInfo.eligibility.who.intro')}</p>
        <ul className="list-disc space-y-2 ps-6">
          <li>
            {t('publicInfo.eligibility.who.child', {
              age: format.number(rules.childAgeLimit),
              specialAge: format.number(rules.specialNeedsChildAgeLimit),
            })}
          </li>
          <li>
            {t('publicInfo.eligibility.who.work', {
              hours: format.number(rules.averageWorkHoursPerWeek),
              months: format.number(rules.postsecondaryLifetimeLimitMonths),
            })}
          </li>
          <li>
            {t('publicInfo.eligibility.who.income', {
              percent: format.percent(rules.incomeLimitPercentOfPoverty),
              specialPercent: format.percent(rules.incomeLimitPercentOfPovertySpecialNeeds),
            })}
          </li>
        </ul>
      </section>

      <section aria-labelledby="care-heading" className="space-y-3">
        <h2 id="care-heading" className="text-2xl font-semibold">
          {t('publicInfo.eligibility.care.heading')}
        </h2>
        <p>{t('publicInfo.eligibility.care.intro')}</p>
        <ul className="space-y-4">
          {CARE_TYPES.map((type) => (
            <li key={type}>
              <h3 className="text-lg font-semibold">{t(`publicInfo.eligibility.care.${type}.title`)}</h3>
              <p>
                {t(`publicInfo.eligibility.care.${type}.body`, {
                  minimum: format.number(profile.licensing.centerMinimumChildren),
                })}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="approval-heading" className="space-y-3">
        <h2 id="approval-heading" className="text-2xl font-semibold">
          {t('publicInfo.eligibility.approval.heading')}
        </h2>
        <p>{t('publicInfo.eligibility.approval.body')}</p>
        <p>{t('publicInfo.eligibility.approval.checks')}</p>
      </section>

      <section aria-labelledby="eligibility-contact-heading" className="space-y-3">
        <h2 id="eligibility-contact-heading" className="text-2xl font-semibold">
          {t('publicInfo.eligibility.contact.heading')}
        </h2>
        <p>{t('publicInfo.eligibility.contact.body')}</p>
        <ContactUnitDetails unit={unit} headingLevel={3} />
      </section>
    </>
  );
}

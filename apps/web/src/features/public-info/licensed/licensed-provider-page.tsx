import type { ProgramProfile } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses, linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { usePageTitle } from '@/lib/use-page-title';
import { WithProfile } from '../components/profile-state';

const SUBMISSION_ITEMS = ['fireMarshal', 'floorPlan', 'director', 'personnel', 'recordChecks'] as const;

/** /LicensedProviderInfo: the two steps to a child care center license (spec section 2). */
export function LicensedProviderPage() {
  const { t } = useTranslation();
  usePageTitle(t('publicInfo.licensed.title'));
  return (
    <article aria-labelledby="licensed-heading" className="max-w-3xl space-y-8">
      <h1 id="licensed-heading" className="text-3xl font-bold">
        {t('publicInfo.licensed.title')}
      </h1>
      <WithProfile>{(profile) => <LicensedContent profile={profile} />}</WithProfile>
    </article>
  );
}

function LicensedContent({ profile }: { profile: ProgramProfile }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const { licensing } = profile;
  const fee = licensing.consultationFee === 0 ? t('publicInfo.licensed.free') : format.money(licensing.consultationFee);

  return (
    <>
      <p className="text-lg">
        {t('publicInfo.licensed.intro', { minimum: format.number(licensing.centerMinimumChildren) })}
      </p>

      <ol className="space-y-8">
        <li>
          <section aria-labelledby="step-1-heading" className="space-y-3">
            <h2 id="step-1-heading" className="text-2xl font-semibold">
              {t('publicInfo.licensed.step1.heading')}
            </h2>
            <p>{t('publicInfo.licensed.step1.body')}</p>
            <p>
              <Link to="/documentandforms" className={linkClasses}>
                {t('publicInfo.licensed.step1.documentsLink')}
              </Link>
            </p>
            <p>{t('publicInfo.licensed.step1.consultant')}</p>
            <p className="font-semibold">{t('publicInfo.licensed.step1.fee', { fee })}</p>
          </section>
        </li>
        <li>
          <section aria-labelledby="step-2-heading" className="space-y-3">
            <h2 id="step-2-heading" className="text-2xl font-semibold">
              {t('publicInfo.licensed.step2.heading')}
            </h2>
            <p>{t('publicInfo.licensed.step2.body', { form: licensing.applicationForm })}</p>
            <p>{t('publicInfo.licensed.step2.needs')}</p>
            <ul className="list-disc space-y-1 ps-6">
              {SUBMISSION_ITEMS.map((item) => (
                <li key={item}>{t(`publicInfo.licensed.step2.items.${item}`)}</li>
              ))}
            </ul>
            <p>
              {t('publicInfo.licensed.step2.provisional', {
                days: format.number(licensing.provisionalOperationDays),
              })}
            </p>
          </section>
        </li>
      </ol>

      <section aria-labelledby="licensed-help-heading" className="space-y-3">
        <h2 id="licensed-help-heading" className="text-2xl font-semibold">
          {t('publicInfo.licensed.help.heading')}
        </h2>
        <p>{t('publicInfo.licensed.help.body')}</p>
        <Link to="/contactUsComponent" className={buttonClasses('primary')}>
          {t('publicInfo.licensed.help.contact')}
        </Link>
      </section>
    </>
  );
}

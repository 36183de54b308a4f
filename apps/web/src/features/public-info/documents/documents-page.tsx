import type { ProgramProfile } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';
import { Localized } from '@/lib/localized-text';
import { usePageTitle } from '@/lib/use-page-title';
import { WithProfile } from '../components/profile-state';

/** /documentandforms: the program's forms (name, number, last updated) and its rules. */
export function DocumentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('publicInfo.documents.title'));
  return (
    <article aria-labelledby="documents-heading" className="max-w-4xl space-y-8">
      <div className="space-y-3">
        <h1 id="documents-heading" className="text-3xl font-bold">
          {t('publicInfo.documents.title')}
        </h1>
        <p className="text-lg">{t('publicInfo.documents.intro')}</p>
      </div>
      <WithProfile>{(profile) => <DocumentsContent profile={profile} />}</WithProfile>
    </article>
  );
}

function DocumentsContent({ profile }: { profile: ProgramProfile }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <>
      <section aria-labelledby="forms-heading" className="space-y-3">
        <h2 id="forms-heading" className="text-2xl font-semibold">
          {t('publicInfo.documents.formsHeading')}
        </h2>
        {/* The table scrolls on its own on narrow screens, never the page; a scrolling region
            must be focusable so keyboard users can scroll it too. */}
        <div
          className="overflow-x-auto rounded-lg border border-slate-300 dark:border-slate-600"
          role="region"
          aria-labelledby="forms-heading"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region needs focus
          tabIndex={0}
        >
          <table className="w-full border-collapse text-start">
            <thead className="bg-slate-100 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-4 py-3 text-start font-semibold">
                  {t('publicInfo.documents.name')}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold whitespace-nowrap">
                  {t('publicInfo.documents.formId')}
                </th>
                <th scope="col" className="px-4 py-3 text-start font-semibold whitespace-nowrap">
                  {t('publicInfo.documents.lastUpdated')}
                </th>
              </tr>
            </thead>
            <tbody>
              {profile.forms.map((form) => (
                <tr key={form.id} className="border-t border-slate-300 dark:border-slate-600">
                  <td className="px-4 py-3">
                    {form.url ? (
                      <a href={form.url} className={linkClasses}>
                        <Localized text={form.name} />
                      </a>
                    ) : (
                      <Localized text={form.name} />
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">{form.id}</td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <time dateTime={form.lastUpdated}>{format.date(form.lastUpdated)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="rules-heading" className="space-y-3">
        <h2 id="rules-heading" className="text-2xl font-semibold">
          {t('publicInfo.documents.rulesHeading')}
        </h2>
        <p>{t('publicInfo.documents.rulesIntro')}</p>
        <ul className="list-disc space-y-2 ps-6">
          {profile.rules.map((rule) => (
            <li key={rule.citation}>
              {rule.url ? (
                <a href={rule.url} className={linkClasses}>
                  <Localized text={rule.name} />
                </a>
              ) : (
                <Localized className="font-semibold" text={rule.name} />
              )}
              <cite className="block text-slate-700 not-italic dark:text-slate-300">{rule.citation}</cite>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

import type { ProgramProfile } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { linkClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { ContactUnitDetails } from '../components/contact-unit';
import { WithProfile } from '../components/profile-state';
import { useLocalize } from '@/lib/localized-text';

/** How the contact details sit on the page: in the flow, in a centred card, or over a full-width band. */
export type ContactLayout = 'page' | 'boxed' | 'cover';

const FRAME: Record<ContactLayout, string> = {
  page: 'max-w-4xl space-y-8',
  boxed: 'mx-auto max-w-3xl space-y-8 rounded-2xl border border-slate-300 p-5 shadow-sm sm:p-8 dark:border-slate-600',
  cover: 'space-y-8',
};

/**
 * The contact details of the program's units, the link to the main child care page and the
 * version line. /contactUsComponent shows them in the page; the /pages/contact-us-* routes
 * in a boxed card or a full-width cover.
 */
export function ContactPage({ layout = 'page' }: { layout?: ContactLayout }) {
  const { t } = useTranslation();
  usePageTitle(t('publicInfo.contact.title'));
  const heading = (
    <>
      <h1 id="contact-heading" className="text-3xl font-bold sm:text-4xl">
        {t('publicInfo.contact.title')}
      </h1>
      <p className="mt-3 text-lg">{t('publicInfo.contact.intro')}</p>
    </>
  );
  return (
    <article aria-labelledby="contact-heading" className={FRAME[layout]}>
      {layout === 'cover' ? (
        <div className="rounded-2xl bg-blue-800 px-6 py-12 text-white sm:px-10 sm:py-16 dark:bg-blue-950">
          {heading}
        </div>
      ) : (
        <div>{heading}</div>
      )}
      <WithProfile>{(profile) => <ContactContent profile={profile} layout={layout} />}</WithProfile>
    </article>
  );
}

function ContactContent({ profile, layout }: { profile: ProgramProfile; layout: ContactLayout }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <>
      <div className={`grid gap-6 ${layout === 'page' ? 'md:grid-cols-2' : 'lg:grid-cols-2'}`}>
        {profile.contactUnits.map((unit) => (
          <div key={unit.id} className="rounded-xl border border-slate-300 p-5 dark:border-slate-600">
            <ContactUnitDetails unit={unit} />
          </div>
        ))}
      </div>
      <section aria-labelledby="more-heading" className="space-y-3">
        <h2 id="more-heading" className="text-xl font-semibold">
          {t('publicInfo.contact.moreHeading')}
        </h2>
        <p>
          <a href={profile.mainChildCarePageUrl} className={linkClasses}>
            {t('publicInfo.contact.mainPage', { state: localize(profile.state.name) })}
          </a>
        </p>
      </section>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('publicInfo.contact.version', { version: profile.versionLine })}
      </p>
    </>
  );
}

export const ContactBoxedPage = () => <ContactPage layout="boxed" />;
export const ContactCoverPage = () => <ContactPage layout="cover" />;

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useProgramNames, useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';
import { usePageTitle } from '@/lib/use-page-title';
import { useLocalize } from '@/lib/localized-text';

interface PathCard {
  id: string;
  to: string;
}

const PROVIDER_PATHS: PathCard[] = [
  { id: 'apply', to: '/registeredapplication' },
  { id: 'continue', to: '/dashboard' },
  { id: 'documents', to: '/dashboard' },
  { id: 'rfi', to: '/dashboard' },
];
const FAMILY_PATHS: PathCard[] = [
  { id: 'search', to: '/ProviderSearch' },
  { id: 'eligibility', to: '/childcareEligibilityInfo' },
];

export function HomePage() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const profile = useProgramProfile();
  const { productName, agencyName } = useProgramNames();
  usePageTitle(t('home.title'));

  return (
    <div className="space-y-10">
      <section aria-labelledby="home-heading" className="rounded-2xl bg-blue-700 px-6 py-10 text-white sm:px-10">
        <h1 id="home-heading" className="text-3xl font-bold sm:text-4xl">
          {productName ?? t('app.name')}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-blue-50">
          {profile.data ? t('home.lead', { agency: agencyName, state: localize(profile.data.state.name) }) : null}
        </p>
        {profile.isError ? (
          <p role="alert" className="mt-4 rounded bg-white/90 px-3 py-2 text-red-800">
            {unavailableMessage(t, profile.error) ?? t('home.profileError')}
          </p>
        ) : null}
      </section>

      <div className="grid gap-8 md:grid-cols-2">
        <PathList
          headingId="providers-heading"
          heading={t('home.providers.heading')}
          group="providers"
          paths={PROVIDER_PATHS}
        />
        <PathList
          headingId="families-heading"
          heading={t('home.families.heading')}
          group="families"
          paths={FAMILY_PATHS}
        />
      </div>
    </div>
  );
}

function PathList({
  headingId,
  heading,
  group,
  paths,
}: {
  headingId: string;
  heading: string;
  group: 'providers' | 'families';
  paths: PathCard[];
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-semibold">
        {heading}
      </h2>
      <ul className="mt-4 space-y-3">
        {paths.map((path) => (
          <li key={path.id}>
            <Link
              to={path.to}
              className="block rounded-lg border border-slate-300 p-4 hover:border-blue-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 dark:border-slate-600 dark:hover:border-blue-300"
            >
              <span className="block font-semibold text-blue-800 underline dark:text-blue-300">
                {t(`home.${group}.${path.id}.title`)}
              </span>
              <span className="mt-1 block text-slate-700 dark:text-slate-300">
                {t(`home.${group}.${path.id}.body`)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { linkClasses } from '@/components/ui/button';
import { usePageTitle } from '@/lib/use-page-title';
import { type FeatureSpecimenId, GALLERY_ENTRIES, type SharedSpecimenId } from './gallery-entries';
import { GALLERY_LINKS } from './gallery-index';
import { SHARED_SPECIMEN_COMPONENTS } from './specimens/shared-specimens';

export type FeatureSpecimens = Record<FeatureSpecimenId, ComponentType>;

/**
 * One page of the design system gallery (ADR 034): the real component a template route stands
 * for, in its states, with its keyboard behaviour and a usage note; or, when the portal has no
 * such component, a plain statement of that and the nearest one it has. The page is found
 * from the address, so one route object serves every gallery path.
 */
export function GalleryPage({
  featureSpecimens,
  notFound,
}: {
  featureSpecimens: FeatureSpecimens;
  /** What an address the gallery does not know shows: the portal's not-found page. */
  notFound: ReactNode;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const link = GALLERY_LINKS.find((entry) => entry.path === pathname.replace(/\/$/, ''));
  const title = link ? t(link.titleKey) : '';
  usePageTitle(title);
  if (!link) return notFound;
  const entry = GALLERY_ENTRIES[link.path]!;
  const Specimen =
    entry.specimen in SHARED_SPECIMEN_COMPONENTS
      ? SHARED_SPECIMEN_COMPONENTS[entry.specimen as SharedSpecimenId]
      : featureSpecimens[entry.specimen as FeatureSpecimenId];
  const specimenKey = `gallery.specimens.${entry.specimen}`;
  return (
    <article aria-labelledby="gallery-heading" className="max-w-5xl space-y-6">
      <div className="space-y-2">
        <p className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {t('gallery.menu.label')} · {t(`gallery.sections.${link.section}`)}
        </p>
        <h1 id="gallery-heading" className="text-3xl font-bold">
          {title}
        </h1>
        <p className="text-lg" data-kind={entry.kind}>
          {t(`gallery.kinds.${entry.kind}`)}
          {entry.kind === 'elsewhere' ? (
            <>
              {' '}
              <Link to={entry.seeAlso} className={linkClasses}>
                {t('gallery.kinds.seeAlso')}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <section aria-labelledby="gallery-specimen" className="space-y-4">
        <h2 id="gallery-specimen" className="text-2xl font-semibold">
          {t(`${specimenKey}.title`)}
        </h2>
        <dl className="space-y-3">
          <div>
            <dt className="font-semibold">{t('gallery.headings.usage')}</dt>
            <dd>{t(`${specimenKey}.note`)}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t('gallery.headings.keyboard')}</dt>
            <dd>{t(`${specimenKey}.keyboard`)}</dd>
          </div>
        </dl>
        <h3 className="text-xl font-semibold">{t('gallery.headings.states')}</h3>
        <Specimen />
      </section>
    </article>
  );
}

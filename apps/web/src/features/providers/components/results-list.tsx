import type { ProviderRecord } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { useIntlFormat } from '@/lib/intl-format';

/**
 * The spec's hidden results table made visible: the accessible alternative to the map, in
 * the same order and with the same numbers as the markers.
 */
export function ResultsList({
  providers,
  selectedId,
  onSelect,
}: {
  providers: ProviderRecord[];
  selectedId: number | undefined;
  onSelect: (provider: ProviderRecord) => void;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  return (
    <ol className="divide-y divide-slate-200 rounded-md border border-slate-300 dark:divide-slate-700 dark:border-slate-600">
      {providers.map((provider, index) => {
        const address = provider.Addresses[0];
        return (
          <li key={provider.Id} className="flex gap-3 p-3">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-blue-700 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <div className="min-w-0 flex-1">
              <button
                type="button"
                className="text-start font-semibold text-blue-800 underline hover:no-underline dark:text-blue-300"
                aria-pressed={provider.Id === selectedId}
                onClick={() => onSelect(provider)}
              >
                {provider.BusinessName}
              </button>
              <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                <div className="flex gap-1">
                  <dt>{t('providerSearch.results.city')}:</dt>
                  <dd>{address?.City}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t('providerSearch.results.zipCode')}:</dt>
                  <dd>{address?.Zip}</dd>
                </div>
                {provider.Distance !== null ? (
                  <div className="flex gap-1">
                    <dt>{t('providerSearch.results.distance')}:</dt>
                    <dd>{t('providerSearch.results.miles', { distance: format.number(provider.Distance) })}</dd>
                  </div>
                ) : null}
                <div className="flex gap-1">
                  <dt>{t('providerSearch.results.acceptsCca')}:</dt>
                  <dd>{provider.IsCCA ? t('providerSearch.results.yes') : t('providerSearch.results.no')}</dd>
                </div>
                {provider.Openings.length > 0 ? (
                  <div className="flex basis-full flex-wrap gap-1">
                    <dt>{t('providerSearch.results.openings')}:</dt>
                    <dd>
                      <ul className="flex flex-wrap gap-x-3">
                        {provider.Openings.map((opening) => (
                          <li key={opening.AgeGroup}>
                            {t('providerSearch.results.openingsCount', {
                              group: t(`application.lookups.AgeGroup.${opening.AgeGroup}`),
                              count: format.number(opening.Count),
                            })}
                            {opening.NotUpdatedRecently ? (
                              <span className="text-slate-700 dark:text-slate-300">
                                {' '}
                                ({t('providerSearch.results.notUpdatedRecently')})
                              </span>
                            ) : null}
                          </li>
                        ))}
                      </ul>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </div>
          </li>
        );
      })}
    </ol>
  );
}

import type { ProviderRecord } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Button, linkClasses } from '@/components/ui/button';
import { useIntlFormat } from '@/lib/intl-format';

const DAY_INDEX = { Monday: 0, Tuesday: 1, Wednesday: 2, Thursday: 3, Friday: 4, Saturday: 5, Sunday: 6 } as const;

/** The provider detail of a marker or list click (spec section 2), with its Clear button and error line. */
export function ProviderDetail({
  provider,
  error,
  onClear,
  headingRef,
}: {
  provider: ProviderRecord | undefined;
  error: string | undefined;
  onClear: () => void;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const [longitude, latitude] = provider?.Location.coordinates ?? [0, 0];
  const address = provider?.Addresses[0];
  const phone = provider?.Contacts[0]?.Phone;
  const services = provider
    ? [
        provider.AcceptsChildrenWithSpecialNeeds && 'specialNeeds',
        provider.ProvidesWeekendCare && 'weekend',
        provider.ProvidesEveningOvernightCare && 'evening',
        provider.ProvidesTransportation && 'transportation',
      ].filter((key): key is string => Boolean(key))
    : [];
  return (
    <section
      aria-labelledby="provider-detail-heading"
      className="space-y-4 rounded-md border-2 border-blue-700 bg-white p-4 dark:border-blue-400 dark:bg-slate-900"
    >
      <h2 id="provider-detail-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold">
        {provider ? provider.BusinessName : t('providerSearch.detail.title')}
      </h2>
      {error ? (
        <p role="alert" className="font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {provider ? (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          <div>
            <dt className="font-semibold">{t('providerSearch.detail.address')}</dt>
            <dd>
              {address?.Address1}, {address?.City} {address?.Zip}
            </dd>
          </div>
          {phone ? (
            <div>
              <dt className="font-semibold">{t('providerSearch.detail.phone')}</dt>
              <dd>
                <a className={linkClasses} href={`tel:${phone.replace(/[^\d+]/g, '')}`}>
                  {phone}
                </a>
              </dd>
            </div>
          ) : null}
          <div>
            <dt className="font-semibold">{t('providerSearch.detail.capacity')}</dt>
            <dd>{format.number(provider.Capacity)}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t('providerSearch.detail.license')}</dt>
            <dd>{provider.LicenseNumber}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t('providerSearch.detail.languages')}</dt>
            <dd>{provider.Languages.map((code) => format.languageName(code) ?? code).join(', ') || '—'}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t('providerSearch.detail.rating')}</dt>
            <dd>
              {provider.QualityRating === null
                ? t('providerSearch.detail.notRated')
                : t('providerSearch.detail.ratingValue', { rating: format.number(provider.QualityRating) })}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t('providerSearch.results.acceptsCca')}</dt>
            <dd>{provider.IsCCA ? t('providerSearch.results.yes') : t('providerSearch.results.no')}</dd>
          </div>
          {provider.Distance !== null ? (
            <div>
              <dt className="font-semibold">{t('providerSearch.results.distance')}</dt>
              <dd>{t('providerSearch.results.miles', { distance: format.number(provider.Distance) })}</dd>
            </div>
          ) : null}
          <div className="sm:col-span-2">
            <dt className="font-semibold">{t('providerSearch.detail.services')}</dt>
            <dd>{services.map((key) => t(`providerSearch.services.${key}`)).join(', ') || '—'}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold">{t('providerSearch.detail.hours')}</dt>
            <dd>
              <ul>
                {provider.OperationHours.map((entry) => (
                  <li key={entry.DayName}>
                    {format.weekday(DAY_INDEX[entry.DayName])}: {format.timeOfDay(entry.starttime)} –{' '}
                    {format.timeOfDay(entry.endtime)}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {provider ? (
          <a
            className={linkClasses}
            href={`https://www.openstreetmap.org/directions?to=${latitude}%2C${longitude}`}
            target="_blank"
            rel="noreferrer"
          >
            {t('providerSearch.detail.directions')}
          </a>
        ) : null}
        <Button variant="secondary" onClick={onClear}>
          {t('providerSearch.detail.clear')}
        </Button>
      </div>
    </section>
  );
}

import { addressNotFoundProblemType, type ProgramProfile, type ProviderRecord } from '@ccap/contracts';
import { lazy, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, problemTypeOf } from '@/lib/api-client';
import { useIntlFormat } from '@/lib/intl-format';
import { useProgramProfile } from '@/lib/program-profile';
import { unavailableMessage } from '@/lib/unavailable-message';
import { useIdle } from '@/lib/when-idle';
import { useProviderSearchSettings } from '../api/get-search-options';
import { useProviderSearch } from '../api/search-providers';
import { ProviderDetail } from '../components/provider-detail';
import { ResultsList } from '../components/results-list';
import { SearchForm } from '../components/search-form';
import {
  criteriaFromParams,
  formFromParams,
  paramsFromForm,
  type SearchErrors,
  searchErrors,
  type SearchForm as Form,
} from '../search-params';
import { useGeolocation } from '../use-geolocation';

const ProviderMap = lazy(() => import('../components/provider-map'));

const mapPlaceholder = (
  <div className="provider-map-placeholder h-96 rounded-md bg-slate-200 lg:h-[min(70vh,40rem)] dark:bg-slate-800" />
);

/**
 * Provider search (spec section 2), below the page's heading and lead (`ProviderSearchRoute`):
 * the form above the map; after a search the markers and the results list, the form collapsed;
 * a marker or list click opens the detail. The whole search, and the open detail, live in the
 * URL. The program profile's search settings (its defaults, the map's zoom and start) are read
 * before anything of the search is shown: the route loads the profile with the page's code, so
 * the form never shows other defaults first.
 */
export function ProviderSearchPage() {
  const { t } = useTranslation();
  const profile = useProgramProfile();
  if (profile.data) return <ProviderSearch profileSearch={profile.data.search} />;
  return profile.isError ? (
    <Alert tone="error">{unavailableMessage(t, profile.error) ?? t('providerSearch.errors.profile')}</Alert>
  ) : (
    <Spinner label={t('app.loading')} />
  );
}

function ProviderSearch({ profileSearch }: { profileSearch: ProgramProfile['search'] }) {
  const { t } = useTranslation();
  const format = useIntlFormat();
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  const criteria = criteriaFromParams(params, profileSearch);
  // A link can hold what the API would refuse (?search=1&zip=abc): that is said at the fields,
  // as when typed, and nothing is sent. The rest of the page works as without a search.
  const linkErrors: SearchErrors = criteria === undefined ? {} : searchErrors(formFromParams(params, profileSearch));
  const refused = Object.keys(linkErrors).length > 0;
  const sent = refused ? undefined : criteria;
  // The criteria besides the one box open on demand, and for an error among them.
  const hasFilterErrors = (found: SearchErrors) => Object.keys(found).some((field) => field !== 'searchText');
  const [filtersOpen, setFiltersOpen] = useState(hasFilterErrors(linkErrors));
  const [errors, setErrors] = useState<SearchErrors>(linkErrors);
  // The summary of errors takes focus when nothing else does: for a link's errors, or a search
  // near me refused for another field. After a press of Search, the form focuses the field.
  const [summaryTakesFocus, setSummaryTakesFocus] = useState(refused);
  const [markerError, setMarkerError] = useState<string>();
  const geolocation = useGeolocation(profileSearch.developmentLocation);
  const settings = useProviderSearchSettings().data;
  const search = useProviderSearch(sent);
  // Leaflet loads once the form and the results are on screen: the map never delays them.
  const mapWanted = useIdle();
  // The notice paints in a first, small pass; the form (its lookups), the map and the results
  // follow in a deferred one (ADR 042), so a slow phone's main thread is not held by one long
  // render of the whole page.
  const restShown = useDeferredValue(true, false);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  // After a search or a detail change, focus goes to what appeared, once it is rendered.
  const pendingFocus = useRef<'results' | 'detail' | null>(null);
  useEffect(() => {
    const target =
      pendingFocus.current === 'detail'
        ? detailHeading.current
        : pendingFocus.current === 'results'
          ? resultsHeading.current
          : null;
    if (target) {
      target.focus();
      pendingFocus.current = null;
    }
  });

  // Back and forward move through searches: the form follows the URL (state adjusted in render;
  // the form itself starts again from the URL, keyed by it).
  const [formKey, setFormKey] = useState(paramsKey);
  if (formKey !== paramsKey) {
    setFormKey(paramsKey);
    setErrors(linkErrors);
    setSummaryTakesFocus(refused);
    if (hasFilterErrors(linkErrors)) setFiltersOpen(true);
  }

  const pages = sent === undefined ? [] : (search.data?.pages ?? []);
  const providers = pages.flatMap((page) => page.value);
  const firstPage = pages[0];
  const total = firstPage?.count ?? 0;
  const origin = firstPage?.origin ?? null;
  const selectedId = params.get('provider') ? Number(params.get('provider')) : undefined;
  const selected = providers.find((provider) => provider.Id === selectedId);

  const runSearch = (next: Form) => {
    const found = searchErrors(next);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setSummaryTakesFocus(true);
      if (hasFilterErrors(found)) setFiltersOpen(true);
      return;
    }
    setErrors({});
    setMarkerError(undefined);
    setParams(paramsFromForm(next, profileSearch));
    // As the spec's form collapses after a search, the filters close: the results come next.
    setFiltersOpen(false);
    // The results heading takes focus, so keyboard and screen reader users land on the answer.
    pendingFocus.current = 'results';
  };

  const searchNearMe = async (form: Form) => {
    const located = await geolocation.locate();
    if (!located) return;
    runSearch({
      ...form,
      nearThisAddress: '',
      nearThisCityId: '',
      latitude: String(located.latitude),
      longitude: String(located.longitude),
    });
  };

  const select = (provider: ProviderRecord | undefined, id?: number) => {
    if (!provider) {
      setMarkerError(t('providerSearch.errors.markerNotFound'));
      return;
    }
    setMarkerError(undefined);
    const next = new URLSearchParams(params);
    next.set('provider', String(id ?? provider.Id));
    setParams(next);
    pendingFocus.current = 'detail';
  };
  const clearDetail = () => {
    setMarkerError(undefined);
    const next = new URLSearchParams(params);
    next.delete('provider');
    setParams(next);
    pendingFocus.current = 'results';
  };

  // The search's origin, else its first provider, else (before a search) the profile's start.
  const center =
    origin ??
    (providers[0]
      ? { latitude: providers[0].Location.coordinates[1], longitude: providers[0].Location.coordinates[0] }
      : profileSearch.developmentLocation);

  return (
    <>
      {settings?.hasDemonstrationData ? <Alert tone="info">{t('providerSearch.demoNotice')}</Alert> : null}
      {/* Below the notice, so that nothing above moves when the rest takes the spinner's place,
          and a screen high, so that the footer below does not either (the rest is taller). */}
      {restShown ? null : (
        <div className="min-h-dvh">
          <Spinner label={t('app.loading')} />
        </div>
      )}
      {restShown ? (
        <>
          <section aria-label={t('providerSearch.form.heading')} className="space-y-4">
            <SearchForm
              key={paramsKey}
              initial={formFromParams(params, profileSearch)}
              defaults={profileSearch}
              onSubmit={runSearch}
              onUseLocation={(form) => void searchNearMe(form)}
              locating={geolocation.status === 'locating'}
              errors={errors}
              onInvalid={(found) => {
                setErrors(found);
                setSummaryTakesFocus(false);
                if (hasFilterErrors(found)) setFiltersOpen(true);
              }}
              summaryTakesFocus={summaryTakesFocus}
              filtersOpen={filtersOpen}
              onToggleFilters={() => setFiltersOpen(!filtersOpen)}
            />
            {geolocation.status === 'failed' ? (
              <Alert tone="error">{t(`providerSearch.geolocation.${geolocation.problem}`)}</Alert>
            ) : null}
          </section>

          {search.isError ? <SearchError error={search.error} /> : null}

          {/* The list and the map side by side on a wide screen (the map stays in view while the
              list scrolls), the list first and the map below it on a narrow one. */}
          <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
            <div className="min-w-0 space-y-6">
              {selected || markerError ? (
                <ProviderDetail
                  provider={selected}
                  error={markerError}
                  onClear={clearDetail}
                  headingRef={detailHeading}
                />
              ) : null}

              {sent !== undefined ? (
                <section aria-labelledby="provider-results-heading" className="space-y-3">
                  <h2 id="provider-results-heading" ref={resultsHeading} tabIndex={-1} className="text-xl font-bold">
                    {t('providerSearch.results.heading')}
                  </h2>
                  {search.isPending ? (
                    <Spinner label={t('providerSearch.results.loading')} />
                  ) : search.isSuccess ? (
                    <>
                      <p role="status">
                        {total > 0
                          ? t('providerSearch.results.showing', {
                              count: total,
                              shown: format.number(providers.length),
                              total: format.number(total),
                            })
                          : t('providerSearch.results.none')}
                        {total > 0 && origin ? ` ${t('providerSearch.results.nearestFirst')}` : ''}
                      </p>
                      {providers.length > 0 ? (
                        <ResultsList
                          providers={providers}
                          selectedId={selectedId}
                          onSelect={(provider) => select(provider)}
                        />
                      ) : null}
                      {search.hasNextPage ? (
                        <Button
                          variant="secondary"
                          disabled={search.isFetchingNextPage}
                          onClick={() => void search.fetchNextPage()}
                        >
                          {search.isFetchingNextPage
                            ? t('providerSearch.results.loadingMore')
                            : t('providerSearch.results.showMore')}
                        </Button>
                      ) : null}
                    </>
                  ) : null}
                </section>
              ) : null}
            </div>

            <div className="min-w-0 space-y-2 lg:sticky lg:top-4">
              <Suspense fallback={mapPlaceholder}>
                {mapWanted ? (
                  <ProviderMap
                    providers={providers}
                    center={center}
                    zoom={profileSearch.mapZoom}
                    selectedId={selectedId}
                    tileUrl={settings?.tileUrl ?? null}
                    tileAttribution={settings?.tileAttribution ?? ''}
                    label={t('providerSearch.results.mapLabel')}
                    markerTitle={(provider, number) =>
                      t('providerSearch.results.marker', { number, name: provider.BusinessName })
                    }
                    clusterTitle={(count) => t('providerSearch.results.cluster', { count })}
                    onMarkerClick={(id) =>
                      select(
                        providers.find((provider) => provider.Id === id),
                        id,
                      )
                    }
                  />
                ) : (
                  mapPlaceholder
                )}
              </Suspense>
              {settings && !settings.tileUrl ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">{t('providerSearch.results.noTiles')}</p>
              ) : null}
            </div>
          </div>
        </>
      ) : null}
    </>
  );
}

function SearchError({ error }: { error: Error }) {
  const { t } = useTranslation();
  if (problemTypeOf(error) === addressNotFoundProblemType) {
    const reason =
      error instanceof ApiError && error.status === 422
        ? t('providerSearch.errors.addressNotFound')
        : t('providerSearch.errors.geocoderDown');
    return <Alert tone="error">{t('providerSearch.errors.geocoding', { reason })}</Alert>;
  }
  return <Alert tone="error">{unavailableMessage(t, error) ?? t('providerSearch.errors.fetch')}</Alert>;
}

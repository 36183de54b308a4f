import { addressNotFoundProblemType, type ProviderRecord, type ProviderSearchCriteria } from '@ccap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { problem, testLookups, testProfile } from '@/test/handlers';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';

// Leaflet needs a real layout engine: the page's map is replaced by its view and its list of
// markers here; the browser tests drive the real map.
vi.mock('../components/provider-map', () => ({
  default: (props: {
    providers: ProviderRecord[];
    center: { latitude: number; longitude: number };
    zoom: number;
    onMarkerClick: (id: number) => void;
  }) => (
    <div>
      <p>{`map at ${props.center.latitude}, ${props.center.longitude}, zoom ${props.zoom}`}</p>
      {props.providers.map((provider, index) => (
        <button key={provider.Id} type="button" onClick={() => props.onMarkerClick(provider.Id)}>
          {`marker ${index + 1}`}
        </button>
      ))}
    </div>
  ),
}));

const record = (id: number, name: string, overrides: Partial<ProviderRecord> = {}): ProviderRecord => ({
  Id: id,
  BusinessName: name,
  LicenseNumber: `L-${id}`,
  ProviderTypeID: 1,
  IsCCA: true,
  Capacity: 8,
  Addresses: [{ Address1: '1 Main St', City: 'Waukee', Zip: '50263' }],
  OperationHours: [{ DayName: 'Monday', starttime: '07:00', endtime: '17:30' }],
  Location: { type: 'Point', coordinates: [-93.85, 41.6] },
  Contacts: [{ Phone: '515-555-0101' }],
  County: 'Dallas',
  Languages: ['en', 'es'],
  QualityRating: 4,
  AcceptsChildrenWithSpecialNeeds: true,
  ProvidesWeekendCare: false,
  ProvidesEveningOvernightCare: false,
  ProvidesTransportation: false,
  Distance: null,
  IsDemonstration: true,
  Openings: [],
  ...overrides,
});

let searches: ProviderSearchCriteria[];
let citiesAsked: number;
beforeEach(() => {
  searches = [];
  citiesAsked = 0;
  server.use(
    http.get('*/api/Lookup/get-lookups', () => HttpResponse.json({ data: [] })),
    http.get('*/api/Providers/cities', () => {
      citiesAsked += 1;
      return HttpResponse.json({ value: [{ id: 50263, name: 'Waukee' }] });
    }),
    http.get('*/api/Providers/settings', () =>
      HttpResponse.json({ tileUrl: null, tileAttribution: '', hasDemonstrationData: true }),
    ),
    http.post('*/api/Providers', async ({ request }) => {
      const criteria = (await request.json()) as ProviderSearchCriteria;
      searches.push(criteria);
      if (criteria.nearThisAddress === 'nowhere')
        return problem(422, addressNotFoundProblemType, { detail: 'Address not found' });
      return HttpResponse.json({
        count: 2,
        value: [record(1, 'Happy Ducklings'), record(2, 'Lewis Early Learning', { IsCCA: false })],
        origin: null,
      });
    }),
  );
});

/** The criteria besides the one box are behind a disclosure. */
const openFilters = async (user: ReturnType<typeof userEvent.setup>) => {
  const button = await screen.findByRole('button', { name: 'More search options' });
  expect(button).toHaveAttribute('aria-expanded', 'false');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
};

// Typing through user-event on a busy 2-core machine takes seconds.
describe('ProviderSearch page', { timeout: 30_000 }, () => {
  it("sends the criteria with the shipped profile's defaults, lists the results and collapses the form", async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    expect(await screen.findByText(/Demonstration data/)).toBeInTheDocument();
    // The form comes in the page's second, deferred pass (ADR 042).
    await openFilters(user);
    await user.type(await screen.findByRole('textbox', { name: 'ZIP code' }), '50263');
    await user.click(screen.getByLabelText('Weekend care'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
    expect(searches[0]).toEqual({
      zipCode: '50263',
      distance: 5,
      providerTypeId: 1,
      acceptsCcaChildren: true,
      providesWeekendCare: true,
    });
    const items = within(screen.getByRole('region', { name: 'Results' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Happy Ducklings'),
      expect.stringContaining('Accepts CCA children:No'),
    ]);
    expect(screen.getByRole('button', { name: 'More search options' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks for the cities of "near this city" only once the filters open', async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    expect(await screen.findByRole('button', { name: 'More search options' })).toBeInTheDocument();
    expect(citiesAsked).toBe(0);
    await openFilters(user);
    const nearCity = await screen.findByRole('combobox', { name: /Near this city/ });
    expect(await within(nearCity).findByRole('option', { name: 'Waukee' })).toBeInTheDocument();
    expect(citiesAsked).toBe(1);
  });

  it('says at the field that a ZIP code has 5 digits, and searches nothing until it does', async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    await openFilters(user);
    const zip = await screen.findByRole('textbox', { name: 'ZIP code' });
    await user.type(zip, '5026');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // The form's resolver answers asynchronously: the focus moves once it has.
    await waitFor(() => expect(zip).toHaveFocus());
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('Enter a 5-digit ZIP code, like 50309');
    expect(searches).toEqual([]);

    await user.type(zip, '3');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
    expect(searches[0]).toMatchObject({ zipCode: '50263' });
  });

  it('reads the one box as the API does, and says how many match of how many shown', async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    await user.type(
      await screen.findByRole('textbox', { name: 'Name, ZIP code, city or address' }),
      'Birght Treehouse',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
    expect(searches[0]).toMatchObject({ searchText: 'Birght Treehouse', distance: 5 });
  });

  it('shows more: the next page from skip, until every match is shown', async () => {
    server.use(
      http.post('*/api/Providers', async ({ request }) => {
        const criteria = (await request.json()) as ProviderSearchCriteria;
        searches.push(criteria);
        const skip = criteria.skip ?? 0;
        const value = Array.from({ length: Math.min(50, 75 - skip) }, (_, i) =>
          record(skip + i + 1, `Care ${skip + i + 1}`),
        );
        return HttpResponse.json({ count: 75, value, origin: { latitude: 41.6, longitude: -93.6 } });
      }),
    );
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch?search=1&q=50309', { signedIn: false });
    expect(await screen.findByText('Showing 50 of 75 providers. Nearest first.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Showing 75 of 75 providers. Nearest first.')).toBeInTheDocument();
    expect(searches.map((criteria) => criteria.skip)).toEqual([undefined, 50]);
    expect(screen.getAllByRole('button', { name: /^marker / })).toHaveLength(75);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('opens the detail from a list entry and from a marker, and Clear hides it', async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch?search=1&zip=50263', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Lewis Early Learning' }));
    const detail = screen.getByRole('region', { name: 'Lewis Early Learning' });
    expect(within(detail).getByRole('link', { name: '515-555-0101' })).toHaveAttribute('href', 'tel:5155550101');
    expect(detail).toHaveTextContent('4 of 5');
    expect(detail).toHaveTextContent('Accepts children with special needs');
    await user.click(within(detail).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Lewis Early Learning' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'marker 1' }));
    expect(screen.getByRole('region', { name: 'Happy Ducklings' })).toBeInTheDocument();
  });

  it('says at the field what a link holds that the API would refuse, and searches nothing', async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch?search=1&zip=abc', { signedIn: false });
    const zip = await screen.findByRole('textbox', { name: 'ZIP code' });
    expect(zip).toHaveValue('abc');
    expect(zip).toHaveAttribute('aria-invalid', 'true');
    expect(zip).toHaveAccessibleDescription('Enter a 5-digit ZIP code, like 50309');
    // Announced and focused, with a way to the field. The summary takes focus in an effect, which
    // React may run after the commit the query above found (seen in CI): wait for it.
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    await waitFor(() => expect(summary).toHaveFocus());
    await user.click(within(summary).getByRole('link', { name: 'ZIP code: Enter a 5-digit ZIP code, like 50309' }));
    expect(zip).toHaveFocus();
    expect(screen.queryByText('An error occurred while fetching providers.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Results' })).not.toBeInTheDocument();
    expect(searches).toEqual([]);

    // The rest of the page works: put the ZIP code right and search.
    await user.clear(zip);
    await user.type(zip, '50263');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
    expect(searches).toEqual([expect.objectContaining({ zipCode: '50263' })]);
    expect(screen.queryByRole('alert', { name: 'There is a problem' })).not.toBeInTheDocument();
  });

  it('says so for every criterion of a link the API would refuse, each at its own field', async () => {
    await renderRoute(`/ProviderSearch?search=1&name=${'x'.repeat(201)}&county=abc&rating=9&lat=41.5`, {
      signedIn: false,
    });
    const name = await screen.findByRole('textbox', { name: 'Business name' });
    expect(name).toHaveAccessibleDescription('Use at most 200 characters.');
    const county = screen.getByRole('combobox', { name: 'County' });
    expect(county).toHaveAttribute('aria-invalid', 'true');
    expect(county).toHaveAccessibleDescription('Choose one of the options in the list.');
    expect(county).toHaveDisplayValue('abc');
    expect(screen.getByRole('combobox', { name: 'Quality rating' })).toHaveAccessibleDescription(
      'Choose one of the options in the list.',
    );
    expect(screen.getByRole('button', { name: 'Use my location' })).toHaveAccessibleDescription(
      'The location in this link cannot be used. Use your location again, or search near an address or a city.',
    );
    const summary = screen.getByRole('alert', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Business name: Use at most 200 characters.',
      'County: Choose one of the options in the list.',
      'Distance from a place: The location in this link cannot be used. Use your location again, or search near an address or a city.',
      'Quality rating: Choose one of the options in the list.',
    ]);
    expect(searches).toEqual([]);
  });

  it('says the service is busy, and when to try again, rather than that the search failed', async () => {
    server.use(
      http.post('*/api/Providers', () => problem(503, 'urn:ccap:problem:database-busy', { retryAfterSeconds: 2 })),
    );
    await renderRoute('/ProviderSearch?search=1&zip=50263', { signedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is busy or temporarily unavailable. Nothing you had already saved was lost. Please try again in 2 seconds.',
    );
    expect(screen.queryByText('An error occurred while fetching providers.')).not.toBeInTheDocument();
  });

  it("says 'Error geocoding address: Address not found' and the failure message", async () => {
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    await openFilters(user);
    await user.type(await screen.findByRole('textbox', { name: 'Near this address' }), 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error geocoding address: Address not found');

    server.use(http.post('*/api/Providers', () => HttpResponse.error()));
    await renderRoute('/ProviderSearch?search=1&zip=50000', { signedIn: false });
    expect(await screen.findByText('An error occurred while fetching providers.')).toBeInTheDocument();
  });

  it.each([
    [1, 'User denied the request for Geolocation.'],
    [2, 'Location information is unavailable.'],
    [3, 'The request to get user location timed out.'],
    [9, 'An unknown error occurred.'],
  ])('shows the geolocation message for error code %i', async (code, message) => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) =>
      fail({ code, message: '' } as GeolocationPositionError),
    );
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }),
    );
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    vi.unstubAllGlobals();
  });

  it('uses the browser location when granted', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 41.6, longitude: -93.8 } } as GeolocationPosition),
    );
    vi.stubGlobal(
      'navigator',
      Object.assign(Object.create(navigator) as Navigator, { geolocation: { getCurrentPosition } }),
    );
    const user = userEvent.setup();
    await renderRoute('/ProviderSearch', { signedIn: false });
    await user.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
    expect(searches[0]).toMatchObject({ latitude: 41.6, longitude: -93.8 });
    vi.unstubAllGlobals();
  });

  describe("another state's profile", () => {
    // Minnesota's capital, not Iowa's defaults: what the page shows and sends comes from here.
    const stPaul = { latitude: 44.9537, longitude: -93.09 };
    const useProfile = (search: Partial<typeof testProfile.search>) =>
      server.use(
        http.get('*/api/Program/get-profile', () =>
          HttpResponse.json({ ...testProfile, search: { ...testProfile.search, ...search } }),
        ),
        http.get('*/api/Lookup/get-lookups', () => HttpResponse.json({ data: testLookups })),
      );
    const otherSearch = { defaultDistanceMiles: 10, defaultProviderTypeId: 2, mapZoom: 8, developmentLocation: stPaul };

    it('starts the form and the map from its search settings, and searches with them', async () => {
      useProfile(otherSearch);
      const user = userEvent.setup();
      await renderRoute('/ProviderSearch', { signedIn: false });
      const distance = await screen.findByRole('combobox', { name: 'Distance (in Miles)' });
      expect(distance).toHaveValue('10');
      await openFilters(user);
      expect(await screen.findByRole('option', { name: 'Non-registered child care home' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Provider type' })).toHaveDisplayValue(
        'Non-registered child care home',
      );
      expect(await screen.findByText('map at 44.9537, -93.09, zoom 8')).toBeInTheDocument();
      await user.type(screen.getByRole('textbox', { name: 'ZIP code' }), '50263');
      await user.click(screen.getByRole('button', { name: 'Search' }));
      expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
      expect(searches).toEqual([{ zipCode: '50263', distance: 10, providerTypeId: 2, acceptsCcaChildren: true }]);
    });

    it('reads a link without distance or type as its defaults, and offers a distance of its own', async () => {
      useProfile({ ...otherSearch, defaultDistanceMiles: 3 });
      await renderRoute('/ProviderSearch?search=1&zip=50263', { signedIn: false });
      expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
      expect(searches).toEqual([{ zipCode: '50263', distance: 3, providerTypeId: 2, acceptsCcaChildren: true }]);
      expect(screen.getByRole('combobox', { name: 'Distance (in Miles)' })).toHaveDisplayValue('3');
    });

    it('gives its development location to "Use my location" in development', async () => {
      useProfile(otherSearch);
      vi.stubEnv('MODE', 'development');
      try {
        const user = userEvent.setup();
        await renderRoute('/ProviderSearch', { signedIn: false });
        await user.click(await screen.findByRole('button', { name: 'Use my location' }));
        expect(await screen.findByText('Showing 2 of 2 providers.')).toBeInTheDocument();
        expect(searches).toEqual([expect.objectContaining({ ...stPaul, distance: 10, providerTypeId: 2 })]);
      } finally {
        vi.unstubAllEnvs();
      }
    });

    it('says so when the profile cannot be loaded, and shows no form with other defaults', async () => {
      server.use(http.get('*/api/Program/get-profile', () => problem(404, 'about:blank')));
      await renderRoute('/ProviderSearch', { signedIn: false });
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Some program details could not be loaded. Please reload the page.',
      );
      expect(screen.getByRole('heading', { level: 1, name: 'Provider search' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
    });
  });
});

import { useCallback, useState } from 'react';

/** The spec's five geolocation outcomes (section 8), as translation keys. */
export type GeolocationProblem = 'denied' | 'unavailable' | 'timeout' | 'unknown' | 'unsupported';

const PROBLEM_BY_CODE: Record<number, GeolocationProblem> = { 1: 'denied', 2: 'unavailable', 3: 'timeout' };

export interface Located {
  latitude: number;
  longitude: number;
}

/**
 * "Use my location": asks the browser once. In development the location is fixed at the
 * program profile's development location (`search.developmentLocation`, spec section 9), so
 * the demonstration directory always has providers nearby.
 */
export function useGeolocation(developmentLocation: Located) {
  const [state, setState] = useState<
    { status: 'idle' | 'locating' } | { status: 'failed'; problem: GeolocationProblem }
  >({
    status: 'idle',
  });

  const locate = useCallback(
    () =>
      new Promise<Located | undefined>((resolve) => {
        if (import.meta.env.MODE === 'development') {
          setState({ status: 'idle' });
          resolve({ latitude: developmentLocation.latitude, longitude: developmentLocation.longitude });
          return;
        }
        if (!('geolocation' in navigator)) {
          setState({ status: 'failed', problem: 'unsupported' });
          resolve(undefined);
          return;
        }
        setState({ status: 'locating' });
        navigator.geolocation.getCurrentPosition(
          (position) => {
            setState({ status: 'idle' });
            resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude });
          },
          (error) => {
            setState({ status: 'failed', problem: PROBLEM_BY_CODE[error.code] ?? 'unknown' });
            resolve(undefined);
          },
          { timeout: 10_000, maximumAge: 300_000 },
        );
      }),
    [developmentLocation.latitude, developmentLocation.longitude],
  );

  return { ...state, locate, reset: () => setState({ status: 'idle' }) };
}

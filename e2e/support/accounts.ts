/**
 * The passwords the browser tests type: the demonstration accounts' and the one every new account
 * gets. A plain module (no Playwright import), so the global teardown can look for them in the
 * servers' logs.
 */
export const DEMO = {
  applicant: { email: 'applicant@demo.example', password: 'Demo-Applicant-2026', name: 'Alex Applicant' },
  worker: { email: 'worker@demo.example', password: 'Demo-Worker-2026', name: 'Sam Worker' },
  admin: { email: 'admin@demo.example', password: 'Demo-Administrator-2026', name: 'Ada Administrator' },
};

/**
 * The demo staff accounts' authenticator key (`DEMO_TOTP_SECRET` in the API's demo-accounts.ts,
 * listed in the README): an administrator signs in with a code from it.
 */
export const DEMO_TOTP_SECRET = 'CCAPDEMOSTAFFTOTPSECRETKEYQQQQQQ';

export const NEW_ACCOUNT_PASSWORD = 'Lilacs bloom in May 2026';

/** The wrong passwords the lock-out test types (`auth.spec.ts`), attempt by attempt. */
export const WRONG_PASSWORD_PREFIX = 'Wrong password number ';
export const wrongPassword = (attempt: number) => `${WRONG_PASSWORD_PREFIX}${attempt}`;

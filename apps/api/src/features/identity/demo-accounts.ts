import type { StaffRole } from '@ccap/contracts';
import { BUILT_IN_ISSUER_KEY } from '../../env';
import type { Repositories } from '../../repositories';

/**
 * Demonstration accounts for the embedded default only (never with an external identity
 * provider or a PostgreSQL server): one of each role, so the product can be tried at once.
 * The passwords are public (README); these accounts hold no real data.
 */
export const DEMO_ACCOUNTS: { name: string; email: string; password: string; role?: StaffRole; counties?: string[] }[] =
  [
    { name: 'Alex Applicant', email: 'applicant@demo.example', password: 'Demo-Applicant-2026' },
    {
      name: 'Sam Worker',
      email: 'worker@demo.example',
      password: 'Demo-Worker-2026',
      role: 'service-worker',
      counties: ['Polk'],
    },
    {
      name: 'Ada Administrator',
      email: 'admin@demo.example',
      password: 'Demo-Administrator-2026',
      role: 'administrator',
    },
  ];

/**
 * The demonstration staff accounts' authenticator secret (base32, RFC 6238 defaults): public
 * like their passwords (README), so that the demo administrator, who must have a second
 * factor, can sign in by adding it to any authenticator app.
 */
export const DEMO_TOTP_SECRET = 'CCAPDEMOSTAFFTOTPSECRETKEYQQQQQQ';

/**
 * Creates any demo account that does not exist yet, and gives each demo staff account the demo
 * authenticator when it has none; returns the accounts created now.
 */
export async function seedDemoAccounts(repositories: Repositories) {
  const created: typeof DEMO_ACCOUNTS = [];
  for (const demo of DEMO_ACCOUNTS) {
    if (await repositories.accounts.findByEmail(demo.email)) continue;
    const account = await repositories.accounts.create({ ...demo, verified: true });
    if (!account) continue;
    const user = await repositories.users.resolve({
      issuer: BUILT_IN_ISSUER_KEY,
      subject: account.id,
      email: account.email,
      name: account.name,
    });
    if (demo.role) {
      await repositories.users.changeRole(
        { action: 'grant', userId: user.id, role: demo.role, counties: demo.counties ?? [] },
        { id: null, label: 'demo-seed' },
      );
    }
    created.push(demo);
  }
  for (const demo of DEMO_ACCOUNTS.filter((entry) => entry.role)) {
    const account = await repositories.accounts.findByEmail(demo.email);
    if (account) await repositories.secondFactor.seedDemo(account.id, DEMO_TOTP_SECRET);
  }
  return created;
}

import type { PortalUser } from '../identity/users.repository';

/** County names as staff and applicants type them: "Polk", "polk ". */
const sameCounty = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

export interface ApplicationScope {
  ownerId: string;
  county: string | null;
}

/**
 * Who may read an application and its documents (DESIGN.md section 5): its owner,
 * administrators, and service workers assigned to its county. Everyone else is told it
 * does not exist.
 */
export function canReadApplication(user: PortalUser, application: ApplicationScope): boolean {
  if (application.ownerId === user.id) return true;
  if (user.roles.includes('administrator')) return true;
  const county = application.county;
  return (
    user.roles.includes('service-worker') && county !== null && user.counties.some((own) => sameCounty(own, county))
  );
}

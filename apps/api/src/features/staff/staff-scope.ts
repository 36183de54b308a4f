import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import type { PortalUser } from '../identity/users.repository';

/** The applications a staff member works on: every county for an administrator, else their own. */
export interface StaffScope {
  userId: string;
  allCounties: boolean;
  counties: string[];
}
export const scopeOf = (user: PortalUser): StaffScope => ({
  userId: user.id,
  allCounties: user.roles.includes('administrator'),
  counties: user.counties,
});

export type AppExpression = ExpressionBuilder<DB & { a: DB['application'] }, 'a'>;

/** The scope as a condition on the application `a`. */
export const inScope = (scope: StaffScope) => (eb: AppExpression) => {
  // Nobody reviews their own application.
  const notOwn = eb('a.owner_id', '!=', scope.userId);
  if (scope.allCounties) return notOwn;
  if (scope.counties.length === 0) return eb.val(false);
  return eb.and([notOwn, eb('a.county', 'in', scope.counties)]);
};

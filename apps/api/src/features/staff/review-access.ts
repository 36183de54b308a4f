import type { FastifyRequest } from 'fastify';
import { notFound } from '../../plugins/problem';
import { canReadApplication } from '../application/application-access';
import type { Actor } from '../audit/audit.repository';
import { currentUser } from '../identity/access.plugin';
import type { PortalUser } from '../identity/users.repository';
import type { ReviewRepository } from './review.repository';

/**
 * Staff may work on an application of their counties (any county for an administrator):
 * the applicants' own rule (application-access) less their own applications, which nobody
 * reviews. Everyone else is told it does not exist.
 */
export function canReviewApplication(user: PortalUser, application: { ownerId: string; county: string | null }) {
  return application.ownerId !== user.id && canReadApplication(user, application);
}

/** The application under review with its assignee, or 404 for whoever may not review it. */
export async function reviewableApplication(review: ReviewRepository, request: FastifyRequest, applicationId: number) {
  const user = currentUser(request);
  const application = await review.find(applicationId);
  if (!application || !canReviewApplication(user, { ownerId: application.owner_id, county: application.county })) {
    throw notFound('notFoundApplication');
  }
  return application;
}

/** The signed-in staff member as the audit trail names them. */
export const actorOf = (request: FastifyRequest): Actor => {
  const user = currentUser(request);
  return { id: user.id, label: user.email, requestId: request.id };
};

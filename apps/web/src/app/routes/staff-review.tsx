import { RfiThread } from '@/features/rfi/components/rfi-thread';
import { ReviewPage } from '@/features/staff/pages/review-page';

const rfiPanel = (applicationId: number) => <RfiThread applicationId={applicationId} embedded />;

/**
 * /staff/applications/{id}: the staff review page with the application's requests for
 * information in it (the RFI page's thread and request form). Features do not import each
 * other, so app/ puts the two together.
 */
export function StaffReviewRoute() {
  return <ReviewPage rfiPanel={rfiPanel} />;
}

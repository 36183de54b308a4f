import { useMyCredentials, useRecordCredentials } from '@/api/get-credentials';
import { CredentialsNotice, CredentialsTable } from './credentials-notice';

/** The signed-in provider's credentials: the notice of what has expired or expires soon (the dashboard), and the table (`table`). */
export function MyCredentials({ table = false }: { table?: boolean }) {
  const credentials = useMyCredentials().data?.record?.credentials;
  if (!credentials) return null;
  return (
    <>
      <CredentialsNotice credentials={credentials} />
      {table ? <CredentialsTable credentials={credentials} /> : null}
    </>
  );
}

/** A record's credentials as its county's staff read them: the notice and the table. */
export function StaffRecordCredentials({ applicationId }: { applicationId: number }) {
  const credentials = useRecordCredentials(applicationId).data?.credentials;
  if (!credentials) return null;
  return (
    <>
      <CredentialsNotice credentials={credentials} audience="staff" />
      <CredentialsTable credentials={credentials} />
    </>
  );
}

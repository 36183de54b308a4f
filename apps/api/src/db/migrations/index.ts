import type { Migration } from 'kysely';
import * as m0001 from './0001-foundation';
import * as m0002 from './0002-identity';
import * as m0003 from './0003-applications';
import * as m0004 from './0004-documents';
import * as m0005 from './0005-providers';
import * as m0006 from './0006-rfi';
import * as m0007 from './0007-staff';
import * as m0008 from './0008-notifications';
import * as m0009 from './0009-staff-sign-in';
import * as m0012 from './0012-provider-name-words';
import * as m0013 from './0013-rfi-reminded';
import * as m0015 from './0015-queue-name-sort';
import * as m0016 from './0016-change-notifications';
import * as m0017 from './0017-account-change-tag';
import * as m0018 from './0018-decided-applications-close-rfis';
import * as m0019 from './0019-application-withdrawn-at';
import * as m0020 from './0020-drop-change-notifications';
import * as m0021 from './0021-sealed-answers';
import * as m0023 from './0023-audit-hash-chain';
import * as m0027 from './0027-second-factor';
import * as m0028 from './0028-fuzzystrmatch';
import * as m0029 from './0029-sign-in-throttle-per-client';
import * as m0030 from './0030-second-factor-data-key';
import * as m0031 from './0031-provider-record';
import * as m0032 from './0032-provider-change';
import * as m0033 from './0033-provider-availability';
import * as m0034 from './0034-change-rfi-documents';
import * as m0035 from './0035-approval-term';
import * as m0037 from './0037-export';
import * as m0038 from './0038-integration-api';
import * as m0039 from './0039-announcements';
import * as m0040 from './0040-credential-expiry';
import * as m0041 from './0041-renewal';

/**
 * Every migration, in order. Listed statically (not read from disk) so the bundled
 * server carries them; names are never renamed once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-identity': m0002,
  '0003-applications': m0003,
  '0004-documents': m0004,
  '0005-providers': m0005,
  '0006-rfi': m0006,
  '0007-staff': m0007,
  '0008-notifications': m0008,
  '0009-staff-sign-in': m0009,
  '0012-provider-name-words': m0012,
  '0013-rfi-reminded': m0013,
  '0015-queue-name-sort': m0015,
  '0016-change-notifications': m0016,
  '0017-account-change-tag': m0017,
  '0018-decided-applications-close-rfis': m0018,
  '0019-application-withdrawn-at': m0019,
  '0020-drop-change-notifications': m0020,
  '0021-sealed-answers': m0021,
  '0023-audit-hash-chain': m0023,
  '0027-second-factor': m0027,
  '0028-fuzzystrmatch': m0028,
  '0029-sign-in-throttle-per-client': m0029,
  '0030-second-factor-data-key': m0030,
  '0031-provider-record': m0031,
  '0032-provider-change': m0032,
  '0033-provider-availability': m0033,
  '0034-change-rfi-documents': m0034,
  '0035-approval-term': m0035,
  '0037-export': m0037,
  '0038-integration-api': m0038,
  '0039-announcements': m0039,
  '0040-credential-expiry': m0040,
  '0041-renewal': m0041,
};

import type { MessageLink } from '@ccap/contracts';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

/**
 * The database as Kysely sees it. Each table's interface sits beside the migration that
 * creates it; this file only assembles them.
 */
export interface AuditLogTable {
  id: Generated<number>;
  occurred_at: ColumnType<Date, never, never>;
  actor_id: string | null;
  actor_label: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  after: JSONColumnType<Record<string, unknown> | null, string | null, never>;
  reason: string | null;
  request_id: string | null;
  /** The hash chain (migration 0023): filled by the database's insert trigger, never by the caller. */
  chain_seq: ColumnType<number, never, never>;
  prev_hash: ColumnType<string, never, never>;
  hash: ColumnType<string, never, never>;
}

/** A timestamp column: read as Date, optional on insert when the database has a default. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A nullable column a later migration added: optional on insert. */
type OptionalText = ColumnType<string | null, string | null | undefined, string | null>;

export interface IdpAccountTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  email_verified_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

export interface IdpSignInThrottleTable {
  email: string;
  /** `device:<id>`, `ip:<address>` or `pool` (ADR 095). */
  client: string;
  failed_count: Generated<number>;
  last_failed_at: DefaultedTimestamp;
}

export interface IdpSecondFactorTable {
  account_id: string;
  /** `enc1.…` under the row's data key; `v1.…` (under a server secret) until re-sealed at start. */
  secret_sealed: string;
  /** 0030: the row's data key, sealed by the key-encryption key (null: sealed the earlier way). */
  data_key: OptionalText;
  enrolled_at: NullableTimestamp;
  last_used_step: number | null;
  failed_count: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

export interface IdpRecoveryCodeTable {
  account_id: string;
  code_hash: string;
  used_at: NullableTimestamp;
}

export interface IdpSecondFactorChallengeTable {
  interaction_uid: string;
  account_id: string;
  expires_at: Timestamp;
}

export interface IdpOneTimeTokenTable {
  token_hash: string;
  purpose: 'confirm-email' | 'reset-password';
  account_id: string;
  interaction_uid: string | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
}

export interface OidcPayloadTable {
  model: string;
  id: string;
  payload: JSONColumnType<Record<string, unknown>, string, string>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: NullableTimestamp;
  consumed_at: NullableTimestamp;
}

export interface IdpSigningKeyTable {
  kid: string;
  private_jwk: JSONColumnType<Record<string, unknown>, string, never>;
  created_at: DefaultedTimestamp;
  retired_at: NullableTimestamp;
}

export interface IdpSecretTable {
  name: string;
  value: string;
  created_at: DefaultedTimestamp;
}

export interface AppUserTable {
  id: Generated<string>;
  issuer: string;
  subject: string;
  email: string;
  name: string;
  preferred_language: Generated<string>;
  notification_preferences: ColumnType<{ email: Record<string, boolean> }, string | undefined, string>;
  created_at: DefaultedTimestamp;
  last_seen_at: DefaultedTimestamp;
  /** The sign-in the API last saw for a staff member: `auth_time:…` or `sid:…` of their token. */
  sign_in_key: string | null;
  signed_in_at: Date | null;
}

export interface UserRoleTable {
  user_id: string;
  role: 'service-worker' | 'administrator';
  granted_by: string;
  granted_at: DefaultedTimestamp;
}

export interface UserCountyTable {
  user_id: string;
  county: string;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  body_text: string;
  kind: string;
  locale: Generated<string>;
  created_at: DefaultedTimestamp;
  sent_at: NullableTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  /** 0008-notifications: the delivery worker's bookkeeping. */
  next_attempt_at: DefaultedTimestamp;
  lease_until: NullableTimestamp;
  lease_token: OptionalText;
  failed_at: NullableTimestamp;
}

/** The header's bell: one short line per event (0008-notifications). */
export interface NotificationTable {
  id: Generated<number>;
  user_id: string;
  event: string;
  text: string;
  link: string | null;
  locale: string;
  created_at: DefaultedTimestamp;
  read_at: NullableTimestamp;
  dismissed_at: NullableTimestamp;
}

/** The Inbox: the full text of each event, also mailed (0008-notifications). */
export interface MessageTable {
  id: Generated<number>;
  user_id: string;
  event: string;
  title: string;
  body: string;
  links: ColumnType<MessageLink[], string | undefined, string>;
  application_id: number | null;
  locale: string;
  mail_id: number | null;
  created_at: DefaultedTimestamp;
  read_at: NullableTimestamp;
}

export interface LookupItemTable {
  lookup_id: Generated<number>;
  lookup_type: string;
  code: string;
  name: string;
  parent_lookup_id: number | null;
  sort_order: Generated<number>;
}

export interface DraftApplicationTable {
  id: Generated<number>;
  owner_id: string;
  provider_type: string;
  application_json: string;
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** 0008-notifications: when its owner was last reminded of it. */
  reminded_at: NullableTimestamp;
  /** 0021-sealed-answers: the row's data key, sealed by the key-encryption key (null: written in clear). */
  data_key: OptionalText;
  /** 0021-sealed-answers: the keyed hash of the taxpayer number. */
  tin_hmac: OptionalText;
  /** 0041-renewal: the provider record this draft renews (null: a new application). */
  record_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ApplicationTable {
  id: Generated<number>;
  owner_id: string;
  draft_id: number;
  provider_type: string;
  status: 'submitted' | 'in-review' | 'information-requested' | 'approved' | 'denied' | 'withdrawn';
  application_json: JSONColumnType<Record<string, unknown>, string, string>;
  provider_name: string;
  county: string | null;
  version: Generated<number>;
  submitted_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  /** 0007-staff */
  assignee_id: OptionalText;
  /** When it was approved or denied (never for a withdrawal: the decision-time statistics read it). */
  decided_at: NullableTimestamp;
  /** 0019-application-withdrawn-at: when it was withdrawn, which ends its wait as a decision does. */
  withdrawn_at: NullableTimestamp;
  /** 0021-sealed-answers: the row's data key, sealed by the key-encryption key (null: written in clear). */
  data_key: OptionalText;
  /** 0021-sealed-answers: the keyed hash of the taxpayer number, for matching. */
  tin_hmac: OptionalText;
  /** 0041-renewal: a new application, or the renewal of the provider record `record_id`. */
  kind: Generated<'new' | 'renewal'>;
  record_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 0041-renewal: the program's day a renewal was sent; written as an ISO day. */
  renewal_sent_on: ColumnType<Date | null, string | null | undefined, string | null>;
}

export interface ApplicationDocumentTable {
  id: Generated<number>;
  application_id: number;
  code: string;
  document_name: string;
  description: string;
  is_required: Generated<boolean>;
  is_waived: Generated<boolean>;
  stored_name: string | null;
  display_name: string | null;
  content_type: string | null;
  size_bytes: number | null;
  sha256: string | null;
  blob_key: string | null;
  uploaded_by: string | null;
  uploaded_at: NullableTimestamp;
  created_at: DefaultedTimestamp;
  /** 0007-staff */
  waive_reason: OptionalText;
  waived_by: OptionalText;
  waived_at: NullableTimestamp;
  requested_by: OptionalText;
}

export interface ProviderTable {
  id: Generated<number>;
  license_number: string;
  business_name: string;
  owner_first_name: string;
  owner_last_name: string;
  business_search: string;
  first_name_search: string;
  last_name_search: string;
  provider_type_id: number | null;
  is_cca: boolean;
  capacity: number;
  address1: string;
  city: string;
  city_search: string;
  zip: string;
  county: string | null;
  phone: string;
  operation_hours: JSONColumnType<{ DayName: string; starttime: string; endtime: string }[], string, string>;
  /** `point` as PostgreSQL writes it: read as {x: longitude, y: latitude}, written as '(x,y)'. */
  location: ColumnType<{ x: number; y: number }, string, string>;
  languages: string[];
  quality_rating: number | null;
  accepts_special_needs: boolean;
  weekend_care: boolean;
  evening_overnight_care: boolean;
  transportation: boolean;
  source: 'import' | 'demonstration' | 'application';
  updated_at: DefaultedTimestamp;
  /** 0033-provider-availability: the approved application a listing was published from. */
  application_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Kept by triggers on `provider` (migration 0012): the words of each name, and their vocabulary. */
export interface ProviderNameWordTable {
  field: 'business' | 'first' | 'last';
  word: string;
  business_name: string;
  zip: string;
  provider_id: number;
}

export interface ProviderNameVocabularyTable {
  field: 'business' | 'first' | 'last';
  word: string;
}

export interface RfiTable {
  id: Generated<number>;
  /** The application or (0034) the reported change it is about: exactly one is set. */
  application_id: number | null;
  change_id: ColumnType<number | null, number | null | undefined, number | null>;
  status: Generated<'pending' | 'completed'>;
  service_worker_comment: string;
  applicant_comment: string | null;
  /** A calendar date: the driver reads it as a local Date, so queries select it as text. */
  due_date: ColumnType<Date, string, string>;
  created_by: string;
  created_at: DefaultedTimestamp;
  responded_by: string | null;
  responded_at: NullableTimestamp;
  completed_by: string | null;
  completed_at: NullableTimestamp;
  /** When the applicant was reminded of the passed due date (once per RFI). */
  reminded_at: NullableTimestamp;
}

/** A whole stored file's columns (migrations' `storedFileColumns`): RFI files and a change's files. */
interface StoredFileColumns {
  stored_name: string;
  display_name: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  blob_key: string;
  uploaded_by: string;
  uploaded_at: DefaultedTimestamp;
}

export interface RfiDocumentTable extends StoredFileColumns {
  id: Generated<number>;
  rfi_id: number;
}

/** 0031-provider-record: the provider's record after approval, one per approved application. */
export interface ProviderRecordTable {
  id: Generated<number>;
  application_id: number;
  owner_id: string;
  status: Generated<'active' | 'ended'>;
  county: string | null;
  created_at: DefaultedTimestamp;
  /** 0035-approval-term: the approval's last day in force; written as an ISO day, read through `to_char`. */
  ends_on: ColumnType<Date, string, string>;
  /** 0038-integration-api: the transaction and sequence number of its last change (set by a trigger). */
  change_xid: ColumnType<string, never, never>;
  change_seq: ColumnType<string, never, never>;
  changed_at: ColumnType<Date, never, never>;
}

/** 0038-integration-api: a key of the integration API; only the SHA-256 of its secret is kept. */
export interface ApiKeyTable {
  id: Generated<string>;
  name: string;
  prefix: string;
  secret_sha256: string;
  counties: string[];
  resources: string[];
  expires_at: Date;
  revoked_at: Date | null;
  last_used_at: Date | null;
  created_by_id: string | null;
  created_by_label: string | null;
  created_at: DefaultedTimestamp;
}

/** 0035-approval-term: a notice about a record's end date, sent once per record, end date and kind. */
export interface ProviderRecordNoticeTable {
  record_id: number;
  ends_on: ColumnType<Date, string, string>;
  kind: 'days-90' | 'days-30' | 'days-7' | 'end-day' | 'lapsed';
  sent_at: DefaultedTimestamp;
}

/** 0040-credential-expiry: an RFI opened for a record's credential, once per credential and expiry date. */
export interface CredentialNoticeTable {
  record_id: number;
  credential_key: string;
  expires_on: ColumnType<Date, string, string>;
  rfi_id: number | null;
  sent_at: DefaultedTimestamp;
}

/** 0031-provider-record: one version of a record; its days are text in queries, as `due_date`'s. */
export interface ProviderRecordVersionTable {
  id: Generated<number>;
  record_id: number;
  version: number;
  application_json: JSONColumnType<Record<string, unknown>, string, string>;
  data_key: OptionalText;
  tin_hmac: OptionalText;
  valid_from: ColumnType<Date, string, string>;
  valid_to: ColumnType<Date | null, string | null | undefined, string | null>;
  changed_by_id: string | null;
  changed_by_label: string | null;
  reason: string | null;
  change_id: number | null;
  created_at: DefaultedTimestamp;
}

/** 0032-provider-change: a change a provider reports on their record. */
export interface ProviderChangeTable {
  id: Generated<number>;
  record_id: number;
  owner_id: string;
  status: Generated<'draft' | 'submitted' | 'approved' | 'denied' | 'withdrawn' | 'applied'>;
  parts: JSONColumnType<string[], string, string>;
  application_json: JSONColumnType<Record<string, unknown>, string, string>;
  data_key: OptionalText;
  tin_hmac: OptionalText;
  based_on_version: number;
  effective_date: ColumnType<Date, string, string>;
  note: string | null;
  version: Generated<number>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  submitted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  decided_by: OptionalText;
  decision_reason: OptionalText;
  applied_version: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface DB {
  provider: ProviderTable;
  provider_name_word: ProviderNameWordTable;
  provider_name_vocabulary: ProviderNameVocabularyTable;
  lookup_item: LookupItemTable;
  draft_application: DraftApplicationTable;
  application: ApplicationTable;
  application_document: ApplicationDocumentTable;
  rfi: RfiTable;
  rfi_document: RfiDocumentTable;
  audit_log: AuditLogTable;
  idp_account: IdpAccountTable;
  idp_sign_in_throttle: IdpSignInThrottleTable;
  idp_one_time_token: IdpOneTimeTokenTable;
  idp_second_factor: IdpSecondFactorTable;
  idp_recovery_code: IdpRecoveryCodeTable;
  idp_second_factor_challenge: IdpSecondFactorChallengeTable;
  oidc_payload: OidcPayloadTable;
  idp_signing_key: IdpSigningKeyTable;
  idp_secret: IdpSecretTable;
  app_user: AppUserTable;
  user_role: UserRoleTable;
  user_county: UserCountyTable;
  mail_outbox: MailOutboxTable;
  notification: NotificationTable;
  message: MessageTable;
  provider_closure: ProviderClosureTable;
  provider_opening: ProviderOpeningTable;
  provider_record: ProviderRecordTable;
  provider_record_version: ProviderRecordVersionTable;
  provider_record_notice: ProviderRecordNoticeTable;
  credential_notice: CredentialNoticeTable;
  provider_change: ProviderChangeTable;
  provider_change_document: ProviderChangeDocumentTable;
  announcement: AnnouncementTable;
  announcement_recipient: AnnouncementRecipientTable;
  export_job: ExportJobTable;
  api_key: ApiKeyTable;
}

/** 0037-export: one export of the staff queue (ADR 110). */
export interface ExportJobTable {
  id: Generated<number>;
  requested_by: string;
  kind: 'application' | 'change';
  filters: JSONColumnType<Record<string, unknown>, string, string>;
  columns: JSONColumnType<string[], string, string>;
  format: 'xlsx' | 'csv';
  de_identified: boolean;
  status: ColumnType<
    'queued' | 'running' | 'ready' | 'failed',
    'queued' | undefined,
    'queued' | 'running' | 'ready' | 'failed'
  >;
  total_rows: number;
  rows_written: ColumnType<number, number | undefined, number>;
  blob_key: OptionalText;
  created_at: DefaultedTimestamp;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

/** 0034-change-rfi-documents: one file the provider uploaded for a document a change needs. */
export interface ProviderChangeDocumentTable extends StoredFileColumns {
  id: Generated<number>;
  change_id: number;
  code: string;
  document_name: string;
}

/** 0033-provider-availability: a closure of an approved provider (ADR 102). */
export interface ProviderClosureTable {
  id: Generated<number>;
  application_id: number;
  kind: 'temporary' | 'permanent';
  /** `date` columns: written as ISO days, read through `to_char` (the drivers answer a Date). */
  starts_on: ColumnType<Date, string, string>;
  ends_on: ColumnType<Date | null, string | null | undefined, string | null>;
  reason: string;
  recorded_by: string;
  recorded_at: DefaultedTimestamp;
  cancelled_by: string | null;
  cancelled_at: NullableTimestamp;
}

/** 0033-provider-availability: an approved provider's openings for one age group. */
export interface ProviderOpeningTable {
  application_id: number;
  age_group: 'infant-toddler' | 'preschool' | 'school-age';
  openings: number;
  updated_on: ColumnType<Date, string, string>;
  updated_by: string;
  updated_at: DefaultedTimestamp;
}

/** 0039-announcements: a message administrators sent to providers (ADR 114). */
export interface AnnouncementTable {
  id: Generated<number>;
  send_key: string;
  versions: JSONColumnType<{ language: string; title: string; body: string }[], string, string>;
  filters: JSONColumnType<Record<string, unknown>, string, string>;
  audience: number;
  sent_by_id: string | null;
  sent_by_label: string;
  sent_at: DefaultedTimestamp;
}

/** 0039-announcements: one provider account an announcement goes to, once. */
export interface AnnouncementRecipientTable {
  announcement_id: number;
  user_id: string;
  delivered_at: NullableTimestamp;
  message_id: number | null;
}

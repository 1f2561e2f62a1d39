import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  ClientType,
  FeedbackType,
  Language,
  NoticeParams,
  NoticeType,
  RoleCode,
} from '@sightline/shared';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UsersTable {
  id: Generated<number>;
  account: string | null;
  phone: string | null;
  name: string;
  password_hash: string;
  email: string | null;
  position: string | null;
  organization: string | null;
  head_img_url: string | null;
  language: Language;
  status: 'active' | 'disabled';
  current_team_id: number | null;
  failed_login_count: Generated<number>;
  failed_login_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  inviter_id: number | null;
  /** Set for local users, created by a team administrator with an account and no phone. */
  created_by_team_id: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  member_max: number;
  volume_max_gb: number;
  volume_used_bytes: Generated<string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  role_code: RoleCode;
  member_type: 'full' | 'temporary';
  expires_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_type: ClientType;
  status: 'active' | 'away';
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: 'logout' | 'forced' | 'password' | 'disabled' | null;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  scene: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
  consumed_at: NullableTimestamp;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Timestamp;
}

export interface DictionaryDataTable {
  id: Generated<number>;
  category: string;
  data_key: string;
  data_value: string;
  sort: Generated<number>;
}

/** One deleted thing in a team's recycle bin; the entity's own rows keep a deleted_at until purged. */
export interface RecycleItemsTable {
  id: Generated<number>;
  team_id: number;
  kind: string;
  entity_id: number;
  name: string;
  size_bytes: ColumnType<string, string | number, string | number>;
  deleted_by: number;
  deleted_at: Timestamp;
  /** Set while the item's entity sits inside another binned item (an inspection of a binned project). */
  parent_item_id: number | null;
}

export interface NoticesTable {
  id: Generated<number>;
  team_id: number | null;
  user_id: number;
  type: NoticeType;
  title: string;
  content: string;
  params: ColumnType<NoticeParams | null, string | null, string | null>;
  read_at: NullableTimestamp;
  created_at: CreatedAt;
  deleted_at: NullableTimestamp;
}

export interface FeedbackTable {
  id: Generated<number>;
  user_id: number;
  team_id: number | null;
  type: FeedbackType;
  content: string;
  contact: string | null;
  created_at: CreatedAt;
}

export interface LicencesTable {
  id: Generated<number>;
  machine_code: string;
  issued_to: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  functions: ColumnType<Array<{ code: string; validityDays: number }>, string, string>;
  licence_text: string;
  activated_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  sessions: SessionsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  dictionary_data: DictionaryDataTable;
  recycle_items: RecycleItemsTable;
  notices: NoticesTable;
  feedback: FeedbackTable;
  licences: LicencesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type SessionRow = Selectable<SessionsTable>;

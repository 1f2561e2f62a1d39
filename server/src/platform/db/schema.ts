import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  AiCheckState,
  AiImageRange,
  AiImageState,
  CalibrationState,
  HistoryChangeKind,
  HistoryMatchingState,
  CameraView,
  DefectFieldWidget,
  DefectLocationState,
  DefectShape,
  DefectShapeKind,
  DefectSource,
  DefectExportField,
  ExcelState,
  ReportSection,
  ReportState,
  MonitorReportConfig,
  ReportKind,
  FilterDimension,
  ProjectLocationKind,
  ProjectStatus,
} from '@sightline/shared';
import type { ClientType, FeedbackType, Language, NoticeParams, NoticeType, RoleCode } from '@sightline/shared';
import type { InvitationScope, TeamFunctionCode, TeamKind } from '@sightline/shared';
import type { ModelClip, ModelParameter, ProjectModelState } from '@sightline/shared';
import type { ArucoDictionaryName, TargetFixSource, TargetMarker, TargetState, TargetType } from '@sightline/shared';
import type { AiModelEvaluation, AiModelState } from '@sightline/shared';
import type { JobState } from '../jobs/job-definition.js';

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
  kind: Generated<TeamKind>;
  /** The sales manager of the latest upgrade, and when (team_upgrades keeps every one). */
  upgraded_by: number | null;
  upgraded_at: NullableTimestamp;
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

export interface TeamUpgradesTable {
  id: Generated<number>;
  team_id: number;
  upgraded_by: number | null;
  changes: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
}

/** A function package of a team: not activated without activated_at, expired once expires_at passes. */
export interface TeamFunctionsTable {
  team_id: number;
  function_code: TeamFunctionCode;
  validity_days: number;
  activated_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  updated_at: Generated<Date>;
}

export interface TeamInvitationLinksTable {
  id: Generated<number>;
  team_id: number;
  sid: string;
  password: string;
  password_mode: 'random' | 'custom';
  role_code: RoleCode;
  scope: InvitationScope;
  project_ids: ColumnType<number[], number[] | undefined, number[]>;
  created_by: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
}

export interface TeamJoinAttemptsTable {
  user_id: number;
  team_id: number;
  failed_count: number;
  last_failed_at: Timestamp;
}

export interface InvitationProjectGrantsTable {
  user_id: number;
  team_id: number;
  project_id: number;
  created_at: CreatedAt;
}

/** Why a session was revoked: the user's logout, or one of the ends the web explains (auth/sessions.ts). */
export type RevokeReason = 'logout' | 'forced' | 'password' | 'disabled';

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  client_type: ClientType;
  status: 'active' | 'away';
  created_at: CreatedAt;
  last_seen_at: Timestamp;
  revoked_at: NullableTimestamp;
  revoke_reason: RevokeReason | null;
}

/** Wrong passwords per login target (`user:<id>`, or the name typed when no account has it). */
export interface LoginAttemptsTable {
  key: string;
  failed_count: number;
  last_failed_at: Timestamp;
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
  handled_at: NullableTimestamp;
  handled_by: number | null;
  created_at: CreatedAt;
}

export interface LicencesTable {
  id: Generated<number>;
  machine_code: string;
  issued_to: string;
  issued_at: Timestamp;
  expires_at: Timestamp;
  functions: ColumnType<Array<{ code: TeamFunctionCode; validityDays: number }>, string, string>;
  licence_text: string;
  activated_at: CreatedAt;
}

/** Built-in project types have no team and take their names from the i18n key `projectType.<code>`. */
export interface ProjectTypesTable {
  id: Generated<number>;
  team_id: number | null;
  code: string | null;
  name: string;
  icon: string;
  built_in: Generated<boolean>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ProjectTypeStatesTable {
  team_id: number;
  type_id: number;
  enabled: boolean;
}

export interface ProjectGroupsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  is_default: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ProjectsTable {
  id: Generated<number>;
  team_id: number;
  group_id: number | null;
  type_id: number;
  name: string;
  cover_url: string | null;
  /** Bytes of the cover blob, counted against the team's quota while the project holds it. */
  cover_bytes: ColumnType<string, string | number | undefined, string | number>;
  description: string | null;
  location_geojson: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  location_kind: ProjectLocationKind | null;
  route_name: string | null;
  default_view: ColumnType<CameraView | null, string | null | undefined, string | null>;
  high_precision: Generated<boolean>;
  status: ColumnType<ProjectStatus, ProjectStatus | undefined, ProjectStatus>;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
  deleted_at: NullableTimestamp;
}

export interface ProjectMembersTable {
  project_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** Built-in defect types have no project and take their names from the i18n key `diseaseType.<code>`. */
export interface DefectTypesTable {
  id: Generated<number>;
  project_id: number | null;
  code: string | null;
  name: string;
  color: string;
  shape_kind: DefectShapeKind;
  visible_on_add: Generated<boolean>;
  built_in: Generated<boolean>;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface DefectFieldsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  widget: DefectFieldWidget;
  options: ColumnType<string[], string, string>;
  visible_when_marking: boolean;
  sort: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface DefectFilterRangesTable {
  project_id: number;
  crack_length_min: number | null;
  crack_length_max: number | null;
  crack_width_min: number | null;
  crack_width_max: number | null;
  area_min: number | null;
  area_max: number | null;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

export interface ReportFilterRangesTable {
  id: Generated<number>;
  project_id: number;
  dimension: FilterDimension;
  min_value: number;
  max_value: number;
  created_at: CreatedAt;
}

export interface ReportFilterTypesTable {
  project_id: number;
  defect_type_id: number;
}

export interface ProjectCustomsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  value: string;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface ProjectReportPositionsTable {
  project_id: number;
  view: ColumnType<CameraView, string, string>;
  updated_by: number | null;
  updated_at: Generated<Date>;
}

/** A durable job (platform/jobs): the state users see; pg-boss only delivers its id to a worker. */
export interface JobsTable {
  id: string;
  name: string;
  version: number;
  payload: ColumnType<unknown, string, never>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  progress: ColumnType<number, number | undefined, number>;
  progress_detail: ColumnType<unknown, string | null | undefined, string | null>;
  error_key: string | null;
  result: ColumnType<unknown, string | null | undefined, string | null>;
  singleton_key: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  worker_id: string | null;
  heartbeat_at: NullableTimestamp;
  created_at: CreatedAt;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

type Bytes = ColumnType<string, string | number | undefined, string | number>;

/** The 3D model of a project (modules/project-model); bigint byte counts arrive as strings. */
export interface ProjectModelsTable {
  project_id: number;
  team_id: number;
  storage_key: string;
  state: ProjectModelState;
  error_key: string | null;
  version: number | null;
  tileset_path: string | null;
  size_bytes: Bytes;
  file_count: ColumnType<number, number | undefined, number>;
  file_name: string | null;
  pending_upload_id: string | null;
  pending_version: number | null;
  pending_file_name: string | null;
  pending_zip_bytes: Bytes;
  pending_extract_bytes: Bytes;
  unzip_job_id: string | null;
  parameter: ColumnType<ModelParameter, string | undefined, string>;
  position: ColumnType<CameraView | null, string | null | undefined, string | null>;
  initial_parameter: ColumnType<ModelParameter, string | undefined, string>;
  initial_position: ColumnType<CameraView | null, string | null | undefined, string | null>;
  clip: ColumnType<ModelClip | null, string | null | undefined, string | null>;
  uploaded_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The upload lock of a project's model: one uploader at a time, holding the zip's reserved quota. */
export interface ProjectModelUploadsTable {
  project_id: number;
  upload_id: string;
  user_id: number;
  team_id: number;
  file_name: string;
  size_bytes: Bytes;
  reserved_bytes: Bytes;
  created: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A team's camera parameters (modules/inspection), imported from a file. */
export interface CameraParamsTable {
  id: Generated<number>;
  team_id: number;
  model: string;
  sensor_width_mm: number;
  sensor_height_mm: number;
  focal_length_mm: number;
  image_width_px: number;
  image_height_px: number;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An inspection of a project (modules/inspection); its team is its project's. */
export interface InspectionsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  description: ColumnType<string, string | undefined, string>;
  previous_inspection_id: number | null;
  inspection_date: string;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  deleted_at: NullableTimestamp;
  /** The distance of the inspection's last automatic binding of photos to spatial markers (migration 0014). */
  space_binding_distance_cm: ColumnType<number | null, number | null | undefined, number | null>;
}

/** An image group of an inspection, with a copy of the camera it was given. */
export interface InspectionImageGroupsTable {
  id: Generated<number>;
  inspection_id: number;
  name: string;
  photo_distance_m: number;
  camera_model: string;
  sensor_width_mm: number;
  sensor_height_mm: number;
  focal_length_mm: number;
  image_width_px: number;
  image_height_px: number;
  created_at: CreatedAt;
}

/** A photo of an inspection (modules/inspection); `uploading` rows are uploads still receiving bytes. */
export interface InspectionImagesTable {
  id: Generated<number>;
  inspection_id: number;
  image_group_id: number;
  name: string;
  category: ColumnType<string, string | undefined, string>;
  content_type: ColumnType<string, string | undefined, string>;
  size_bytes: Bytes;
  storage_key: string;
  stored_bytes: Bytes;
  upload_id: string | null;
  uploaded_by: number | null;
  state: ColumnType<
    'uploading' | 'uploaded' | 'processed' | 'failed',
    'uploading' | 'uploaded' | undefined,
    'uploading' | 'uploaded' | 'processed' | 'failed'
  >;
  error_key: string | null;
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  longitude: number | null;
  latitude: number | null;
  altitude: number | null;
  pitch: number | null;
  yaw: number | null;
  roll: number | null;
  without_pose_reason: string | null;
  without_pose_properties: ColumnType<string[] | null, string | null | undefined, string | null>;
  width_px: number | null;
  height_px: number | null;
  has_thumbnail: ColumnType<boolean, boolean | undefined, boolean>;
  screening_status: ColumnType<number, number | undefined, number>;
  review_status: ColumnType<string, string | undefined, string>;
  favourite: ColumnType<boolean, boolean | undefined, boolean>;
  /** Its defects (migration 0016, kept by modules/defect): the has-defect flag. */
  defect_count: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  uploaded_at: NullableTimestamp;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ImagePoseSource = 'metadata' | 'manual' | 'highPrecision';

export interface InspectionImagePosesTable {
  id: Generated<number>;
  image_id: number;
  source: ImagePoseSource;
  longitude: number;
  latitude: number;
  altitude: number;
  pitch: number;
  yaw: number;
  roll: number;
  intrinsics: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The high-precision import that wrote this pose (migration 0012); null for other sources. */
  high_precision_import_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** The pose export imported into an inspection and its computation (modules/inspection/high-precision.*). */
export interface HighPrecisionImportsTable {
  id: Generated<number>;
  inspection_id: number;
  format: string;
  reference_kind: string;
  reference_definition: string;
  checksum: string;
  file_name: string;
  xml_key: string;
  export_count: number;
  image_names: ColumnType<string[], string, string>;
  state: ColumnType<string, string | undefined, string>;
  progress: ColumnType<number, number | undefined, number>;
  computed_count: ColumnType<number, number | undefined, number>;
  failed_count: ColumnType<number, number | undefined, number>;
  error_key: string | null;
  error_params: ColumnType<Record<string, string | number> | null, string | null | undefined, string | null>;
  job_id: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A project's point cloud: a .pcd with its .xml (modules/inspection/point-cloud.*). */
export interface PointCloudsTable {
  id: Generated<number>;
  project_id: number;
  state: ColumnType<'uploading' | 'ready', 'uploading' | undefined, 'uploading' | 'ready'>;
  storage_key: string;
  xml_name: string;
  srs: string | null;
  origin: ColumnType<number[] | null, string | null | undefined, string | null>;
  pcd_name: string | null;
  upload_id: string | null;
  size_bytes: Bytes;
  stored_bytes: Bytes;
  points: ColumnType<string | null, number | null | undefined, number | null>;
  fields: ColumnType<string[] | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: CreatedAt;
  last_activity_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A photo's full-resolution tile pyramid (modules/inspection, inspection-image.pyramid.ts). */
export interface InspectionImagePyramidsTable {
  image_id: number;
  state: 'making' | 'ready' | 'failed';
  error_key: string | null;
  width: number | null;
  height: number | null;
  tile_size: number | null;
  overlap: number | null;
  max_level: number | null;
  pack_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  index_offset: ColumnType<string | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A group or a marker of a project's spatial marker tree (modules/spatial-marker). */
export interface SpaceMarkersTable {
  id: Generated<number>;
  project_id: number;
  parent_id: number | null;
  kind: 'group' | 'marker';
  group_type: 'component' | 'ordinary' | null;
  code: string | null;
  name: string;
  color: string;
  lon: number | null;
  lat: number | null;
  height: number | null;
  sort: ColumnType<number, number | undefined, number>;
  cover_image_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A photo bound to a spatial marker, by hand or by the automatic binding. */
export interface SpaceImageAssocsTable {
  id: Generated<number>;
  marker_id: number;
  image_id: number;
  inspection_id: number;
  source: 'manual' | 'auto';
  distance_m: number | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** How often a project's markers were added, placed, moved or deleted. */
export interface SpaceMarkerVersionsTable {
  project_id: number;
  version: number;
}

/** An upload record: the files a user set out to upload into an inspection (modules/inspection, images-record). */
export interface ImagesRecordsTable {
  id: Generated<number>;
  inspection_id: number;
  image_group_id: number;
  category: string;
  created_by: number | null;
  file_count: number;
  total_bytes: Bytes;
  created_at: CreatedAt;
}

export interface ImagesRecordFilesTable {
  record_id: number;
  position: number;
  name: string;
  size_bytes: Bytes;
}

/** A defect drawn on a photo (modules/defect); sizes in m, mm and m², position WGS84. */
export interface DefectsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  image_id: number;
  number: number;
  type_id: number;
  level: number;
  shape_kind: DefectShape;
  points: ColumnType<Array<[number, number]>, string, string>;
  width_px: number | null;
  length_m: number | null;
  width_mm: number | null;
  area_m2: number | null;
  size_basis: 'mesh' | 'distance';
  edited_length_m: number | null;
  edited_width_mm: number | null;
  edited_area_m2: number | null;
  size_edited: ColumnType<boolean, boolean | undefined, boolean>;
  description: ColumnType<string, string | undefined, string>;
  fields: ColumnType<Record<string, string | string[]>, string | undefined, string>;
  marker_id: number | null;
  star: ColumnType<boolean, boolean | undefined, boolean>;
  source: DefectSource;
  /** The learned model an AI defect was found by (migration 0028); null: the built-in detector, or drawn. */
  ai_model_id: ColumnType<number | null, number | null | undefined, number | null>;
  lon: number | null;
  lat: number | null;
  height: number | null;
  location_state: DefectLocationState;
  high_precision: ColumnType<boolean, boolean | undefined, boolean>;
  calibrated_at: Date | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The last defect number given in an inspection. */
export interface DefectNumbersTable {
  inspection_id: number;
  last_number: number;
}

/** A key defect drawn on the model (modules/key-defect): a graph of WGS84 positions and its screenshot. */
export interface KeyDefectsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  name: string;
  type_id: number;
  level: number;
  description: ColumnType<string, string | undefined, string>;
  shape_kind: 'polyline' | 'polygon';
  positions: ColumnType<Array<{ lon: number; lat: number; height: number }>, string, string>;
  screenshot: string;
  screenshot_key: string;
  screenshot_bytes: number;
  defect_id: number | null;
  created_by: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * A key defect's screenshot uploaded and not yet held by a key defect: taken (dropped) by the create or update naming
 * it, freed by the key-defect module's collector after a day; `freeing_at` once the collector claimed it.
 */
export interface KeyDefectScreenshotsTable {
  id: Generated<number>;
  inspection_id: number;
  name: string;
  storage_key: string;
  size_bytes: number;
  created_at: CreatedAt;
  freeing_at: Date | null;
}

/** Every change of a key defect, its deletion included (the key defect's id outlives its row). */
export interface KeyDefectHistoryTable {
  id: Generated<number>;
  key_defect_id: number;
  inspection_id: number;
  action: 'create' | 'update' | 'delete';
  changes: ColumnType<Record<string, { from: unknown; to: unknown }>, string, string>;
  user_id: number | null;
  created_at: CreatedAt;
}

/** The calibration of an inspection's defect positions: its state and job. */
export interface DefectCalibrationsTable {
  inspection_id: number;
  state: ColumnType<CalibrationState, CalibrationState | undefined, CalibrationState>;
  mode: ColumnType<'continue' | 'all', 'continue' | 'all' | undefined, 'continue' | 'all'>;
  job_id: string | null;
  error_key: string | null;
  started_by: number | null;
  started_at: Date | null;
  finished_at: Date | null;
}

/** A defect's link to the defect of the previous inspection it is (modules/defect-history); null: new. */
export interface DefectHistoryLinksTable {
  defect_id: number;
  inspection_id: number;
  previous_defect_id: number | null;
  change_kind: HistoryChangeKind;
  delta_length_m: number | null;
  delta_width_mm: number | null;
  delta_area_m2: number | null;
  distance_m: number | null;
  manual: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** An inspection's historical matching: its state, distance threshold and job. */
export interface DefectHistoryMatchingsTable {
  inspection_id: number;
  state: ColumnType<HistoryMatchingState, HistoryMatchingState | undefined, HistoryMatchingState>;
  mode: ColumnType<'continue' | 'all', 'continue' | 'all' | undefined, 'continue' | 'all'>;
  distance_m: ColumnType<number, number | undefined, number>;
  job_id: string | null;
  error_key: string | null;
  started_by: number | null;
  started_at: Date | null;
  finished_at: Date | null;
}

/** An inspection's AI screening (modules/ai-screening): its state, queue place and counts. */
export interface AiScreeningsTable {
  inspection_id: number;
  state: ColumnType<AiCheckState, AiCheckState | undefined, AiCheckState>;
  image_range: AiImageRange | null;
  /** The built-in type codes the run reports. */
  type_codes: ColumnType<string[], string | undefined, string>;
  queue_order: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  job_id: string | null;
  total: ColumnType<number, number | undefined, number>;
  done: ColumnType<number, number | undefined, number>;
  defects: ColumnType<number, number | undefined, number>;
  error_key: string | null;
  started_by: number | null;
  started_at: Date | null;
  finished_at: Date | null;
  /** The learned model the run screens with, recorded at its start (null: the built-in detector). */
  ai_model_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A photo's AI result and review (modules/ai-screening). */
export interface AiScreeningImagesTable {
  image_id: number;
  inspection_id: number;
  ai_state: AiImageState;
  error_key: string | null;
  ai_defects: ColumnType<number, number | undefined, number>;
  reviewed: ColumnType<boolean, boolean | undefined, boolean>;
  reviewed_by: number | null;
  reviewed_at: Date | null;
  screened_at: Date | null;
}

/** A reviewer's correction of damage the AI recognised wrongly (modules/ai-screening); no type: not damage. */
export interface AiFeedbacksTable {
  id: Generated<number>;
  inspection_id: number;
  image_id: number;
  defect_id: number;
  ai_type_id: number;
  correct_type_id: number | null;
  shape_kind: DefectShape;
  points: ColumnType<Array<[number, number]>, string, string>;
  content: string | null;
  created_by: number | null;
  created_at: CreatedAt;
}

/** An Excel export of the defect list (modules/defect-export) and its workbook's blob. */
export interface InspectionExcelsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  name: string;
  state: ColumnType<ExcelState, ExcelState, ExcelState>;
  progress: ColumnType<number, number | undefined, number>;
  fields: ColumnType<DefectExportField[], string, string>;
  custom_field_ids: ColumnType<number[], string, string>;
  thumbnails: boolean;
  filter: ColumnType<Record<string, unknown>, string, string>;
  language: Language;
  defect_count: number;
  flagged: boolean;
  storage_key: string;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  error_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A team's learned detection model (modules/ai-model): its files in the blob store and the state of its check. */
export interface AiModelsTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  state: AiModelState;
  error_key: string | null;
  classes: ColumnType<string[], string, string>;
  model_key: string;
  sidecar_key: string;
  size_bytes: ColumnType<string, number, number>;
  evaluation: ColumnType<AiModelEvaluation | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A team's (no project) or a project's chosen model. */
export interface AiModelChoicesTable {
  id: Generated<number>;
  team_id: number;
  project_id: number | null;
  model_id: number;
}

/** A training-set export of an inspection (modules/ai-model): its zip in the blob store. */
export interface AiTrainingSetsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  name: string;
  state: ExcelState;
  progress: ColumnType<number, number | undefined, number>;
  photo_count: ColumnType<number, number | undefined, number>;
  held_back_count: ColumnType<number, number | undefined, number>;
  storage_key: string;
  size_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  error_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An inspection report (modules/inspection-report): its configuration, state and files (the PDF beside the Word). */
export interface InspectionReportsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  name: string;
  template: ReportKind;
  sections: ColumnType<ReportSection[], string, string>;
  /** A monitoring report's selection (points, targets, days); null for an inspection report. */
  monitor: ColumnType<MonitorReportConfig | null, string | null | undefined, string | null>;
  fields: ColumnType<DefectExportField[], string, string>;
  thumbnails: boolean;
  key_defect_ids: ColumnType<number[] | null, string | null, string | null>;
  language: Language;
  state: ReportState;
  progress: ColumnType<number, number | undefined, number>;
  defect_count: number | null;
  flagged: ColumnType<boolean, boolean | undefined, boolean>;
  /** What the inspection's defects and key defects were when the report was written (a change makes it historical). */
  data_version: string | null;
  word_key: string;
  word_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  pdf_bytes: ColumnType<string | null, number | null | undefined, number | null>;
  error_key: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** A total-station monitoring point of a project (modules/monitor-point); GPS in integer 1e-7 degrees. */
export interface MonitorPointsTable {
  id: Generated<number>;
  project_id: number;
  name: string;
  lon_e7: number;
  lat_e7: number;
  base_x: number;
  base_y: number;
  base_z: number | null;
  threshold_mm: number;
  temperature: number;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A survey of a monitoring point with the displacements the server computed for it. */
export interface DisplacementRecordsTable {
  id: Generated<number>;
  monitor_point_id: number;
  /** `YYYY-MM-DD HH:mm`, the site's wall-clock time. */
  monitor_time: string;
  temperature: number;
  x: number;
  y: number;
  current_mm: number;
  cumulative_mm: number;
  alarm: ColumnType<boolean, boolean | undefined, boolean>;
  alarm_notified_at: Date | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A drone-monitoring target (modules/monitor-target), picked on a photo of the baseline inspection. */
export interface MonitorTargetsTable {
  id: Generated<number>;
  project_id: number;
  inspection_id: number;
  image_id: number;
  name: string;
  type: TargetType;
  marker: TargetMarker | null;
  dictionary: ArucoDictionaryName | null;
  marker_id: number | null;
  region_x: number | null;
  region_y: number | null;
  region_width: number | null;
  region_height: number | null;
  threshold_mm: number;
  state: ColumnType<TargetState, TargetState | undefined, TargetState>;
  progress: ColumnType<number, number | undefined, number>;
  error_key: string | null;
  job_id: string | null;
  created_by: number | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A target's centre on one photo (the baseline's or a round's) and, for a round, its displacement. */
export interface MonitorTargetFixesTable {
  id: Generated<number>;
  target_id: number;
  image_id: number;
  x: number | null;
  y: number | null;
  source: TargetFixSource | null;
  score: number | null;
  displacement_mm: number | null;
  right_mm: number | null;
  down_mm: number | null;
  alarm: ColumnType<boolean, boolean | undefined, boolean>;
  alarm_notified_at: Date | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_upgrades: TeamUpgradesTable;
  team_functions: TeamFunctionsTable;
  team_invitation_links: TeamInvitationLinksTable;
  team_join_attempts: TeamJoinAttemptsTable;
  invitation_project_grants: InvitationProjectGrantsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  dictionary_data: DictionaryDataTable;
  recycle_items: RecycleItemsTable;
  notices: NoticesTable;
  feedback: FeedbackTable;
  licences: LicencesTable;
  project_types: ProjectTypesTable;
  project_type_states: ProjectTypeStatesTable;
  project_groups: ProjectGroupsTable;
  projects: ProjectsTable;
  project_members: ProjectMembersTable;
  defect_types: DefectTypesTable;
  defect_fields: DefectFieldsTable;
  defect_filter_ranges: DefectFilterRangesTable;
  report_filter_ranges: ReportFilterRangesTable;
  report_filter_types: ReportFilterTypesTable;
  project_customs: ProjectCustomsTable;
  project_report_positions: ProjectReportPositionsTable;
  jobs: JobsTable;
  project_models: ProjectModelsTable;
  project_model_uploads: ProjectModelUploadsTable;
  camera_params: CameraParamsTable;
  inspections: InspectionsTable;
  inspection_image_groups: InspectionImageGroupsTable;
  inspection_images: InspectionImagesTable;
  inspection_image_poses: InspectionImagePosesTable;
  high_precision_imports: HighPrecisionImportsTable;
  point_clouds: PointCloudsTable;
  inspection_image_pyramids: InspectionImagePyramidsTable;
  images_records: ImagesRecordsTable;
  images_record_files: ImagesRecordFilesTable;
  space_markers: SpaceMarkersTable;
  space_image_assocs: SpaceImageAssocsTable;
  space_marker_versions: SpaceMarkerVersionsTable;
  defects: DefectsTable;
  defect_numbers: DefectNumbersTable;
  key_defects: KeyDefectsTable;
  key_defect_history: KeyDefectHistoryTable;
  key_defect_screenshots: KeyDefectScreenshotsTable;
  defect_calibrations: DefectCalibrationsTable;
  defect_history_links: DefectHistoryLinksTable;
  defect_history_matchings: DefectHistoryMatchingsTable;
  ai_screenings: AiScreeningsTable;
  ai_screening_images: AiScreeningImagesTable;
  ai_feedbacks: AiFeedbacksTable;
  inspection_excels: InspectionExcelsTable;
  ai_models: AiModelsTable;
  ai_model_choices: AiModelChoicesTable;
  ai_training_sets: AiTrainingSetsTable;
  inspection_reports: InspectionReportsTable;
  monitor_points: MonitorPointsTable;
  displacement_records: DisplacementRecordsTable;
  monitor_targets: MonitorTargetsTable;
  monitor_target_fixes: MonitorTargetFixesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type TeamRow = Selectable<TeamsTable>;
export type SessionRow = Selectable<SessionsTable>;

/** Every table, for the schema drift check; the type makes a table missing here a compile error. */
const TABLES: Record<keyof Database, true> = {
  users: true,
  teams: true,
  team_members: true,
  team_upgrades: true,
  team_functions: true,
  team_invitation_links: true,
  team_join_attempts: true,
  invitation_project_grants: true,
  sessions: true,
  login_attempts: true,
  sms_codes: true,
  captchas: true,
  dictionary_data: true,
  recycle_items: true,
  notices: true,
  feedback: true,
  licences: true,
  project_types: true,
  project_type_states: true,
  project_groups: true,
  projects: true,
  project_members: true,
  defect_types: true,
  defect_fields: true,
  defect_filter_ranges: true,
  report_filter_ranges: true,
  report_filter_types: true,
  project_customs: true,
  project_report_positions: true,
  jobs: true,
  project_models: true,
  project_model_uploads: true,
  camera_params: true,
  inspections: true,
  inspection_image_groups: true,
  inspection_images: true,
  inspection_image_poses: true,
  high_precision_imports: true,
  point_clouds: true,
  inspection_image_pyramids: true,
  images_records: true,
  images_record_files: true,
  space_markers: true,
  space_image_assocs: true,
  space_marker_versions: true,
  defects: true,
  defect_numbers: true,
  key_defects: true,
  key_defect_history: true,
  key_defect_screenshots: true,
  defect_calibrations: true,
  defect_history_links: true,
  defect_history_matchings: true,
  ai_screenings: true,
  ai_screening_images: true,
  ai_feedbacks: true,
  inspection_excels: true,
  ai_models: true,
  ai_model_choices: true,
  ai_training_sets: true,
  inspection_reports: true,
  monitor_points: true,
  displacement_records: true,
  monitor_targets: true,
  monitor_target_fixes: true,
};
export const DATABASE_TABLES = Object.keys(TABLES) as Array<keyof Database>;

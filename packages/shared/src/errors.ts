import { ResultCode } from './envelope.js';

interface ErrorDefinition {
  code: ResultCode;
  status: number;
}

const bad = { code: ResultCode.BAD_REQUEST, status: 400 } as const;
const conflict = { code: ResultCode.BAD_REQUEST, status: 409 } as const;
const missing = { code: ResultCode.BAD_REQUEST, status: 404 } as const;
const tooMany = { code: ResultCode.BAD_REQUEST, status: 429 } as const;
const unavailable = { code: ResultCode.BAD_REQUEST, status: 503 } as const;
const timeout = { code: ResultCode.BAD_REQUEST, status: 504 } as const;
const forbidden = { code: ResultCode.NO_AUTH, status: 403 } as const;
const warning = { code: ResultCode.WARNING, status: 200 } as const;
const licence = { code: ResultCode.LICENSE_REQUIRED, status: 403 } as const;

/**
 * Every named error of SPEC section 8 with its response code and HTTP status.
 * Services throw `new AppError(key)`; the final handler writes `{code, msg: key, data}`.
 * Texts live in the i18n catalogues, typed by `ErrorKey`, so a key without a text fails the build.
 */
export const ERROR_DEFINITIONS = {
  // Session and platform
  serviceError: { code: ResultCode.SERVICE_ERROR, status: 500 },
  VALIDATION_ERROR: bad,
  LOGIN_FAILURE: { code: ResultCode.LOGIN_FAILURE, status: 401 },
  LOGIN_REPEATED: warning,
  offLine: bad,
  timeout: { code: ResultCode.SERVICE_ERROR, status: 504 },
  notFound: missing,
  FILE_TOO_LARGE: { code: ResultCode.BAD_REQUEST, status: 413 },
  FILE_TYPE_ERROR: { code: ResultCode.BAD_REQUEST, status: 415 },
  // User
  USER_PHONE_EXISTING: conflict,
  /** A phone taken by another account where no registration is meant (phone change, local users). */
  USER_PHONE_IN_USE: conflict,
  USER_PHONE_NOT_EXISTING: missing,
  USER_OR_PASSWORD_ERROR: bad,
  USER_LOGIN_LOCKED: tooMany,
  USER_REGISTER_FAIL: bad,
  USER_PASSWORD_CHECK: bad,
  USER_SMS_CODE_CHECK_FAIL: bad,
  MOBILE_NUMBER_ILLEGAL: bad,
  INVALID_CODE_ERROR: bad,
  USER_ACCOUNT_ABNORMALITY: forbidden,
  USER_ACCOUNT_EXISTING: conflict,
  USER_NOT_EXISTING: missing,
  SEND_SMS_FAIL_MIN: tooMany,
  SEND_SMS_FAIL_HOUR: tooMany,
  SEND_SMS_FAIL_DAY: tooMany,
  SEND_SMS_FAIL_ERROR: unavailable,
  LOGIN_CLIENT_ERROR: bad,
  ABNORMAL_OPERATION: bad,
  NO_AUTH: forbidden,
  ROLE_CHANGE_LIMIT: forbidden,
  // Team
  TEAM_USER_IN_TEAM: conflict,
  TEAM_USER_COUNT_UPPER_LIMIT: conflict,
  USER_COUNT_MAXIMUM: conflict,
  TEAM_INVITATION_CODE_INVALID: bad,
  TEAM_INVITATION_LINK_INVALID: bad,
  TEAM_USER_JOIN_COUNT_LIMIT: tooMany,
  TEAM_OWNER_CAN_NOT_REMOVE: forbidden,
  TEAM_OPERA_INCONSISTENT: bad,
  TEAM_VOLUME_EXCEED: { code: ResultCode.BAD_REQUEST, status: 507 },
  TEAM_INVITATION_LINK_ROLE_ERROR: bad,
  USE_DEADLINE_EXCEEDED_MAXIMUM_LIMIT: bad,
  USER_NO_TEAM_ERROR: bad,
  TEAM_FUNCTION_INACTIVE: forbidden,
  // Project
  PROJECT_ERROR: bad,
  PROJECT_NO_ERROR: missing,
  PROJECT_NAME_EXITS_ERROR: conflict,
  PROJECT_TYPE_CODE_ERROR: conflict,
  PROJECT_TYPE_NAME_ERROR: conflict,
  PROJECT_TYPE_IN_USE: conflict,
  PROJECT_TYPE_BUILT_IN: forbidden,
  PROJECT_GROUP_NAME_ERROR: conflict,
  PROJECT_GROUP_IN_USE: conflict,
  PROJECT_GROUP_DEFAULT_UNDELETABLE: conflict,
  PROJECT_MODEL_USER: conflict,
  PROJECT_MODEL_VERSION: conflict,
  PROJECT_MODEL_MD: bad,
  PROJECT_MODEL_UPLOAD_ERROR: bad,
  PROJECT_MODEL_TILESET_MISSING: bad,
  PROJECT_MODEL_ZIP_UNSAFE: bad,
  /** The archive declares more bytes, or more bytes per stored byte, than the server's limits (a zip bomb). */
  PROJECT_MODEL_ZIP_TOO_LARGE: { code: ResultCode.BAD_REQUEST, status: 413 },
  PROJECT_MODEL_UNZIPPING: conflict,
  PROJECT_MODEL_NOT_UPLOADED: missing,
  PROJECT_NO_PRECISION: bad,
  PROJECT_PRECISION_INCOMPLETE: bad,
  PROJECT_IMAGE_CALIBRATION_ING: conflict,
  PROJECT_MODEL_ERROR: bad,
  PROJECT_VECTOR_FILE_ERROR: bad,
  // Inspection and defects
  INSPECTION_NOT_EXISTING: missing,
  INSPECTION_POINT_NOT_EXISTING: missing,
  INSPECTION_DISEASE_NOT_EXISTING: missing,
  /** A merge needs two defects or more (SPEC section 8's merge errors). */
  DISEASE_MERGE_COUNT_ERROR: bad,
  /** Defects merge within one photo. */
  DISEASE_MERGE_IMAGE_ERROR: bad,
  DISEASE_MERGE_TYPE_ERROR: bad,
  /** A line (polyline) and an area (polygon or rectangle) do not merge. */
  DISEASE_MERGE_SHAPE_ERROR: bad,
  /** The defects do not meet: "no intersecting area, check the data". */
  DISEASE_MERGE_NO_INTERSECTION: bad,
  KEY_DEFECT_NOT_EXISTING: missing,
  /** Historical matching needs the inspection's previous inspection. */
  HISTORY_NO_PREVIOUS_INSPECTION: bad,
  /** The inspection's historical matching is queued or running. */
  HISTORY_MATCHING_ING: conflict,
  /** A defect is bound by hand only to a defect of its inspection's previous inspection, of a compatible shape. */
  HISTORY_DISEASE_BIND_ERROR: bad,
  /** That earlier defect is already bound to another defect of the inspection (links are one to one). */
  HISTORY_DISEASE_BOUND: conflict,
  /** A key defect's drawn graph is too small on its screenshot: the web asks, then sends `confirmSmall`. */
  KEY_DEFECT_SCREEN_RANGE_SMALL: bad,
  INSPECTION_NODE_REPEAT: conflict,
  /** The previous inspection must be another live inspection of the same project, earlier in no loop. */
  INSPECTION_PREVIOUS_ERROR: bad,
  INSPECTION_IMAGE_GROUP_NOT_EXISTING: missing,
  INSPECTION_IMAGE_GROUP_NAME_EXISTING: conflict,
  INSPECTION_IMAGE_GROUP_HAS_IMAGES: conflict,
  INSPECTION_UPLOAD_RECORD_NOT_EXISTING: missing,
  CAMERA_PARAM_NOT_EXISTING: missing,
  DISEASE_TYPE_UPDATE_ERROR: forbidden,
  DISEASE_TYPE_NAME_ERROR: conflict,
  DISEASE_FIELD_NAME_ERROR: conflict,
  DISEASE_TYPE_BING_DISEASE: conflict,
  BIND_DISEASE_NO_UPDATE: conflict,
  PROJECT_CUSTOM_NAME_ERROR: conflict,
  CUSTOM_TYPE_ERROR: bad,
  CUSTOM_INIT_ERROR: bad,
  DISEASE_EXPORT_ERROR: bad,
  NO_DISEASE_ERROR: missing,
  /** No Excel export record of that id (or its inspection is binned). */
  INSPECTION_EXCEL_NOT_EXISTING: missing,
  /** No defect type of that id the defect's project may use (built-in or its own). */
  DISEASE_TYPE_NOT_EXISTING: missing,
  /** A custom field value names a field the project lacks, or an option its dropdown does not offer. */
  DISEASE_FIELD_VALUE_ERROR: bad,
  INSPECTION_IMAGE_NOT_EXISTING: missing,
  /** A photo of the same name is already in the inspection (or being uploaded to it). */
  INSPECTION_IMAGE_NAME_EXISTING: conflict,
  /** The photo's pixels could not be decoded (truncated or corrupt): SPEC 8's thumbnail upload error. */
  INSPECTION_IMAGE_DECODE_ERROR: bad,
  /** The photo is not processed (still in its ingest, or failed): it has no full-resolution view. */
  INSPECTION_IMAGE_NOT_PROCESSED: conflict,
  /** Offset mode moves existing poses: a photo of the batch has none (give it one in absolute mode). */
  INSPECTION_IMAGE_POSE_MISSING: bad,
  /** An adjusted pose leaves SPEC 5's ranges; the whole batch is refused, naming the photo. */
  INSPECTION_IMAGE_POSE_OUT_OF_RANGE: bad,
  /** Its ingest is underway or failed: the photo has no metadata pose yet to adjust or restore. */
  INSPECTION_IMAGE_POSE_NOT_READY: conflict,
  IMAGES_DRAW_ERROR: bad,
  ANALYSIS_DATA_NO_EXISTING: missing,
  REPORT_ERROR: bad,
  /** No report of that id (or its inspection is binned). */
  INSPECTION_REPORT_NOT_EXISTING: missing,
  /** A key defect the report shows has no screenshot stored (SPEC section 5: key defects need one). */
  REPORT_SCREENSHOT_MISSING: bad,
  REPORT_UPDATE_ERROR: bad,
  TEMPLATE_FILE_ERROR: bad,
  EXCEL_ERROR: bad,
  // Spatial markers
  SPACE_MARKING_NAME_ERROR: conflict,
  SPACE_MARKING_CODE_ERROR: conflict,
  /** No group or marker of that id (of the kind the call needs) in a project the caller sees. */
  SPACE_MARKING_NOT_EXISTING: missing,
  PARENT_NOT_EXISTING: missing,
  PARENT_TYPE_ERROR: bad,
  GROUP_DOWN_IMAGE_ERROR: conflict,
  // AI
  NO_INSPECTION_FOR_THE_IMAGE: missing,
  PROJECT_MODEL_ERROR_FOR_THE_IMAGE: bad,
  IMAGE_ERROR_FOR_THE_DISEASE: bad,
  IMAGE_PX_LENGTH_CALCULATION_ERROR: bad,
  DISEASE_TYPE_NOT_COVER_AI: bad,
  DISEASE_IMAGE_URL_NULL: bad,
  AI_RESULT_SAVE_ERROR: bad,
  TWO_D_TO_3D_FAIL: bad,
  AI_SERVER_CHECK_ERROR: unavailable,
  AI_SERVER_RECOGNITION_TIME_OUT: timeout,
  AI_POST_PROCESSING_TIME_OUT: timeout,
  AI_SERVER_EXCEPTION: unavailable,
  AI_SERVER_UNAVAILABLE: unavailable,
  AI_START_ERROR: bad,
  AI_QUEUE_ERROR: bad,
  AI_JUMP_QUEUE_ERROR: bad,
  AI_CANCEL_ERROR: bad,
  AI_MODEL_ERROR: unavailable,
  AI_IMAGE_DOWNLOAD_ERROR: bad,
  AI_GPU_SERVICE_ERROR: unavailable,
  SAME_TASK_EXECUTING: conflict,
  TASK_CONTENT_EMPTY: bad,
  TASK_QUEUE_FULL: tooMany,
  INSPECTION_IN_AI_CAN_NOT_OPERA: conflict,
  /** Learned models (issue 14): not the caller's team's, not ONNX onnxruntime loads, a sidecar that does not match. */
  AI_MODEL_NOT_EXISTING: missing,
  AI_MODEL_FILE_ERROR: bad,
  AI_MODEL_SIDECAR_ERROR: bad,
  /** Chosen for the team or a project, or screening with it now: choose another first. */
  AI_MODEL_IN_USE: conflict,
  /** Not ready (still being checked, or failed): it cannot be chosen. */
  AI_MODEL_NOT_READY: conflict,
  AI_TRAINING_SET_NOT_EXISTING: missing,
  // Image matching (calibration)
  IMG_CALI_START_ERROR: bad,
  IMG_CALI_CANCEL_ERROR: bad,
  IMG_CALI_NO_POSE: bad,
  IMAGE_CALI_OCCLUSION: bad,
  IMAGE_CALI_TOO_FAR: bad,
  IMAGE_CALI_TOO_TILTED: bad,
  IMAGE_CALI_GPS_ABNORMAL: bad,
  IMAGE_CALI_LOW_ACCURACY: bad,
  // Licence
  LICENSE_CODE_ERROR: bad,
  LICENSE_INFO_EXCEPTION: bad,
  LICENSE_REQUIRED: licence,
  LICENSE_EXPIRED: licence,
  LICENSE_NOT_NEWER: bad,
  // Monitoring
  MONITOR_POINT_NAME_EXISTING: conflict,
  MONITOR_POINT_GPS_EXISTING: conflict,
  MONITOR_POINT_NOT_EXISTING: missing,
  MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING: conflict,
  MONITOR_POINT_DISPLACEMENT_ERROR: bad,
  IMG_BASIS_IMAGE_NO_TARGET: bad,
  IMG_NO_BASIS_IMAGE: bad,
  PROJECT_BASELINE_MISSING: bad,
  PROJECT_PCD_MISSING: bad,
  PROJECT_TARGET_MISSING: bad,
  // High-precision transform (pose export import) and point cloud
  HIGH_PRECISION_XML_NOT_XML: bad,
  HIGH_PRECISION_XML_UNKNOWN_FORMAT: bad,
  HIGH_PRECISION_XML_MISSING_ELEMENT: bad,
  HIGH_PRECISION_XML_BAD_VALUE: bad,
  HIGH_PRECISION_XML_NO_PHOTOS: bad,
  /** XML and images do not match: `data` names the images at fault. */
  HIGH_PRECISION_XML_MISMATCH: bad,
  /** The XML lists more photos than the images: ask, then send again with `confirm=true`. */
  HIGH_PRECISION_FEWER_IMAGES: conflict,
  /** An unfinished import was started with another XML: resume with that file, or delete the import. */
  HIGH_PRECISION_CHECKSUM_MISMATCH: conflict,
  HIGH_PRECISION_NOT_EXISTING: missing,
  HIGH_PRECISION_BUSY: conflict,
  /** The export's coordinate reference has no WGS84 meaning here (a local frame, an unsupported system). */
  HIGH_PRECISION_NO_GEOREFERENCE: bad,
  /** The calculation ended with photos that got no pose. */
  HIGH_PRECISION_IMAGES_FAILED: bad,
  POINT_CLOUD_XML_ERROR: bad,
  POINT_CLOUD_XML_MISSING: bad,
  POINT_CLOUD_NOT_PCD: { code: ResultCode.BAD_REQUEST, status: 415 },
  POINT_CLOUD_TOO_LARGE: { code: ResultCode.BAD_REQUEST, status: 413 },
  POINT_CLOUD_NOT_EXISTING: missing,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorKey = keyof typeof ERROR_DEFINITIONS;
export const ERROR_KEYS = Object.keys(ERROR_DEFINITIONS) as ErrorKey[];

export function isErrorKey(value: string): value is ErrorKey {
  return Object.hasOwn(ERROR_DEFINITIONS, value);
}

/** Interpolation parameters of an error text, such as `{count}` remaining attempts. */
export type ErrorParams = Record<string, string | number>;

export class AppError extends Error {
  readonly key: ErrorKey;
  readonly params: ErrorParams | undefined;
  readonly data: unknown;

  constructor(key: ErrorKey, options: { params?: ErrorParams; data?: unknown } = {}) {
    super(key);
    this.name = 'AppError';
    this.key = key;
    this.params = options.params;
    this.data = options.data;
  }

  get code(): number {
    return ERROR_DEFINITIONS[this.key].code;
  }

  get status(): number {
    return ERROR_DEFINITIONS[this.key].status;
  }
}

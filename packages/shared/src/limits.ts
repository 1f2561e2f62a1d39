/** Business constants and limits of SPEC section 9: one place for server and web. */
export const LIMITS = {
  requestTimeoutMs: 90_000,
  sseHeartbeatTimeoutMs: 600_000,
  sseHeartbeatIntervalMs: 30_000,
  chunkLoadTimeoutMs: 120_000,
  toastDebounceMs: 100,
  resizeDebounceMs: 200,
  uploadRetryAttempts: 3,
  teamJoinWrongPasswords: 5,
  teamJoinBlockMs: 60 * 60 * 1000,
  markerBatchMax: 1000,
  autoBindDistanceCm: { min: 10, max: 200 },
  compare2dPhotos: { min: 2, max: 4 },
  compare3dPhotos: 2,
  projectedImagesMax: 10,
  singleFileBytes: 100 * 1024 * 1024,
  /** SPEC section 5's single-PCD limit (its value is not shown in the SPEC): 500 MB. */
  pointCloudMaxBytes: 500 * 1024 * 1024,
  avatarHintBytes: 3 * 1024 * 1024,
  avatarMaxBytes: 10 * 1024 * 1024,
  projectCoverMaxBytes: 10 * 1024 * 1024,
  projectNameMax: 50,
  generalInputMax: 50,
  imageGroupNameMax: 10,
  account: { min: 8, max: 16 },
  password: { min: 8, max: 20 },
  longitude: 180,
  latitude: 90,
  angleOffset: 360,
  /**
   * Pose adjustment (SPEC sections 2 and 5): photos in one batch, the largest offset in metres along east, north or
   * up, and the highest altitude a pose may be given (SPEC says only "not negative"; this bounds typing slips).
   */
  poseAdjust: { batchMax: 1000, offsetMetresMax: 10_000, altitudeMax: 100_000 },
  defectScale: { min: 1, max: 5 },
  reportDefectFieldsMax: 9,
  defectCountFlag: 5000,
  /**
   * Most defects one Excel export writes (DISEASE_EXPORT_ERROR beyond). exceljs's streaming writer cannot anchor
   * images in cells, so the workbook and its thumbnails (a few KB each) are held in memory until written.
   */
  defectExportMax: 20_000,
  /**
   * The defect list counts its shown and hidden defects up to here and then says "more than": counting every row of a
   * million-defect inspection on each page would cost seconds. As large as an export, so that an export too large to
   * write is still recognised by the count.
   */
  defectCountCap: 20_000,
  /**
   * The hidden defects are counted up to here: the warning needs no more, and when few are hidden, finding this many
   * reads many times as many rows.
   */
  defectHiddenCountCap: 1_000,
  displacementThresholdMaxMm: 99999.999,
  duplicateDefectDistanceMinM: 0.05,
  /** SMS codes: at most one a minute, five an hour, ten a day per phone. */
  sms: { perMinute: 1, perHour: 5, perDay: 10, codeTtlMs: 5 * 60 * 1000, codeLength: 6 },
  /** Wrong passwords: five in fifteen minutes lock the account's password login for fifteen minutes. */
  login: { maxFailures: 5, windowMs: 15 * 60 * 1000 },
  captchaTtlMs: 5 * 60 * 1000,
  nameMax: 30,
  emailMax: 100,
  feedbackContentMax: 500,
  noticeContentMax: 2000,
  /**
   * The largest PostgreSQL `integer`, the type of every id (serial) and count column: a larger number
   * could never name a row, and the database refuses it as out of range instead of finding nothing.
   */
  integerMax: 2_147_483_647,
  /** Company logo and icon shown on the login page and in the shell. */
  systemImageMaxBytes: 2 * 1024 * 1024,
  /**
   * A learned model's upload (issue 14): the .onnx at most this (a small segmenter is a few MB, a U-Net tens), its
   * JSON sidecar at most the second; the held-back reviewed photos its quick evaluation screens at most the third.
   */
  aiModel: { fileMaxBytes: 200 * 1024 * 1024, sidecarMaxBytes: 64 * 1024, evaluationPhotosMax: 12 },
} as const;

export const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
export const THEME_STORAGE_KEY = 'theme';

export const LANGUAGES = ['zh-CN', 'en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

/** Client types: one active session per user and client type. */
export const CLIENT_TYPES = ['PC', 'MOBILE', 'PLUGIN'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

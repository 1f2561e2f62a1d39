/** Error keys of the AI contract; the server maps them to its response envelope. */
export const VISION_ERROR_KEYS = [
  'DISEASE_IMAGE_URL_NULL',
  'AI_SERVER_RECOGNITION_TIME_OUT',
  'AI_POST_PROCESSING_TIME_OUT',
  'DISEASE_TYPE_NOT_COVER_AI',
  'AI_SERVER_CHECK_ERROR',
  'AI_SERVER_EXCEPTION',
] as const;
export type VisionErrorKey = (typeof VISION_ERROR_KEYS)[number];

/** Finer reason for logs and tests; not part of the contract. */
export type VisionErrorReason =
  | 'image_missing'
  | 'image_empty'
  | 'image_undecodable'
  | 'image_too_large'
  | 'image_zero_size'
  | 'timeout'
  | 'aborted'
  | 'types_not_covered'
  | 'auth'
  | 'remote_http'
  | 'remote_payload'
  | 'model'
  | 'internal';

export class VisionError extends Error {
  readonly key: VisionErrorKey;
  readonly reason: VisionErrorReason;
  constructor(
    key: VisionErrorKey,
    message: string,
    reason: VisionErrorReason = 'internal',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'VisionError';
    this.key = key;
    this.reason = reason;
  }
}

export function isVisionError(e: unknown): e is VisionError {
  return e instanceof VisionError;
}

/** Wrap anything thrown inside a detector so callers only ever see VisionError. */
export function asVisionError(e: unknown): VisionError {
  if (e instanceof VisionError) return e;
  const msg = e instanceof Error ? e.message : String(e);
  return new VisionError('AI_SERVER_EXCEPTION', msg, 'internal', { cause: e });
}

/** Deadline helper: throws the given key once the budget is spent. */
export class Deadline {
  private readonly end: number;
  constructor(
    budgetMs: number,
    private readonly key: VisionErrorKey,
    private readonly signal?: AbortSignal,
  ) {
    this.end = Date.now() + budgetMs;
  }
  check(): void {
    if (this.signal?.aborted) throw new VisionError(this.key, 'aborted', 'aborted');
    if (Date.now() > this.end) throw new VisionError(this.key, 'time budget exceeded', 'timeout');
  }
  remaining(): number {
    return this.end - Date.now();
  }
}

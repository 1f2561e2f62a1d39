/** Why a location ("vector") file was refused; the web shows one text for the key and may refine it by reason. */
export type VectorFileErrorReason =
  | 'unsupportedFormat'
  | 'parseError'
  | 'empty'
  | 'tooFewPoints'
  | 'outOfRange'
  | 'mixedGeometry'
  | 'multipleLayers'
  | 'tooLarge';

/**
 * Thrown for every refused location file. `key` is the shared error key, so the server maps it to
 * `new AppError(error.key, { data: { reason: error.reason } })` without knowing this package's internals.
 */
export class VectorFileError extends Error {
  readonly key = 'PROJECT_VECTOR_FILE_ERROR' as const;
  readonly reason: VectorFileErrorReason;
  /** For logs: which feature or entry, what was found. Not meant for users. */
  readonly detail: string | undefined;

  constructor(reason: VectorFileErrorReason, detail?: string) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'VectorFileError';
    this.reason = reason;
    this.detail = detail;
  }
}

export function isVectorFileError(error: unknown): error is VectorFileError {
  return error instanceof VectorFileError;
}

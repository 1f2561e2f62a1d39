import { AppError, type ErrorKey } from '@sightline/shared';

/** An ILIKE pattern for values containing `keyword`: `%` and `_` typed by a user are letters, not wildcards. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Whether a write failed on a unique index; with `index`, on that one. */
export function isUniqueViolation(error: unknown, index?: string): boolean {
  const failure = error as { code?: unknown; constraint?: unknown } | null;
  return failure?.code === '23505' && (index === undefined || failure.constraint === index);
}

/**
 * Awaits a write that the service checked beforehand but that a unique index may still refuse (two requests
 * at once: the index decides); the loser hears `key`, the error the check gives. With `index`, only a
 * refusal by that index counts.
 */
export async function refusingDuplicates<T>(write: Promise<T>, key: ErrorKey, index?: string): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error, index)) throw new AppError(key);
    throw error;
  }
}

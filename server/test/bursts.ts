import type { ApiResponse } from './harness.js';

/** How many parallel guesses each burst sends: far beyond every attempt limit. */
export const BURST = 200;

/**
 * A distinct client address for each call of a burst, as a guesser with many machines has, so the
 * per-address rate limits do not stop the burst before the attempt limit under test does.
 */
export function burstAddress(index: number): string {
  return `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
}

/** Runs `count` calls at once, each from its own address. */
export function burst<T>(count: number, call: (remoteAddress: string, index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => call(burstAddress(index + 1), index)));
}

/** How many answers carried each error key (`success` for 2000). */
export function tally(answers: ApiResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) counts[answer.body.msg] = (counts[answer.body.msg] ?? 0) + 1;
  return counts;
}

/** Seconds left until `endsAt` (ms since epoch), rounded up; 0 once it has passed. */
export function secondsLeft(endsAt: number | null, now: number): number {
  if (endsAt === null) return 0;
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

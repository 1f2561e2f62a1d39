/** Counts stored bytes against a team (team/quota.service.ts); reserve throws TEAM_VOLUME_EXCEED. */
export interface ImageQuota {
  reserve(teamId: number, bytes: number): Promise<unknown>;
  release(teamId: number, bytes: number): Promise<unknown>;
}

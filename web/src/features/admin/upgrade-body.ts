import type { AdminTeam, AdminTeamUpgradeBody, TeamFunctionCode, TeamKind } from '@sightline/shared';

export interface UpgradeValues {
  memberMax: number;
  volumeMaxGb: number;
  kind: TeamKind;
  /** Days to grant per package; 0 or empty grants nothing. */
  grants: Partial<Record<TeamFunctionCode, number | null>>;
}

/** Only what changed goes to the server: an untouched maximum is left out, and so is a package with no days. */
export function toUpgradeBody(team: AdminTeam, values: UpgradeValues): AdminTeamUpgradeBody {
  const functions = Object.entries(values.grants)
    .filter((entry): entry is [TeamFunctionCode, number] => typeof entry[1] === 'number' && entry[1] > 0)
    .map(([code, validityDays]) => ({ code, validityDays }));
  return {
    ...(values.memberMax !== team.memberMax ? { memberMax: values.memberMax } : {}),
    ...(values.volumeMaxGb !== team.teamVolumeMax ? { volumeMaxGb: values.volumeMaxGb } : {}),
    ...(values.kind !== team.kind ? { kind: values.kind } : {}),
    ...(functions.length > 0 ? { functions } : {}),
  };
}

export function isEmptyUpgrade(body: AdminTeamUpgradeBody): boolean {
  return Object.keys(body).length === 0;
}

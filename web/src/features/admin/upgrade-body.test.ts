import { describe, expect, it } from 'vitest';
import type { AdminTeam } from '@sightline/shared';
import { isEmptyUpgrade, toUpgradeBody } from './upgrade-body';

const team: AdminTeam = {
  teamId: 7,
  name: 'Demo',
  kind: 'team',
  owner: { userId: 1, name: 'Owner', phone: null },
  memberCount: 4,
  memberMax: 10,
  teamVolumeSize: 1.5,
  teamVolumeMax: 50,
  functions: [],
  upgradedBy: null,
  upgradedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('toUpgradeBody', () => {
  it('sends only what changed, and packages with days to grant', () => {
    const body = toUpgradeBody(team, {
      memberMax: 20,
      volumeMaxGb: 50,
      kind: 'team',
      grants: { ai_screening: 365, monitoring: 0, inspection: null },
    });
    expect(body).toEqual({ memberMax: 20, functions: [{ code: 'ai_screening', validityDays: 365 }] });
  });

  it('is empty when nothing changed', () => {
    const body = toUpgradeBody(team, { memberMax: 10, volumeMaxGb: 50, kind: 'team', grants: {} });
    expect(isEmptyUpgrade(body)).toBe(true);
    expect(isEmptyUpgrade(toUpgradeBody(team, { memberMax: 10, volumeMaxGb: 80, kind: 'school', grants: {} }))).toBe(
      false,
    );
  });
});

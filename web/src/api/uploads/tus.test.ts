import { describe, expect, it } from 'vitest';
import { storageFailure } from './tus';

const GB = 1024 ** 3;

describe('team storage before an upload', () => {
  it('refuses a start whose bytes would take the team past its maximum, and allows one that reaches it', () => {
    const team = { teamVolumeSize: 9, teamVolumeMax: 10 };
    expect(storageFailure(team, GB)).toBeNull();
    expect(storageFailure(team, GB + 1)).toEqual({ key: 'TEAM_VOLUME_EXCEED' });
    expect(storageFailure({ teamVolumeSize: 10, teamVolumeMax: 10 }, 1)).toEqual({ key: 'TEAM_VOLUME_EXCEED' });
    expect(storageFailure({ teamVolumeSize: 0, teamVolumeMax: 10 }, 0)).toBeNull();
  });
});

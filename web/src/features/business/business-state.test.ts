import { describe, expect, it } from 'vitest';
import { BUSINESS_ENTRIES } from '@sightline/shared';
import { businessState } from './business-state';

describe('businessState', () => {
  it('opens drone inspection at the home page while its package is active', () => {
    expect(businessState('droneInspection', true)).toEqual({ kind: 'available', path: '/home' });
  });

  it('opens total-station monitoring at the project list, where each project leads to its points', () => {
    expect(businessState('totalStationMonitoring', true)).toEqual({ kind: 'available', path: '/home' });
    expect(businessState('totalStationMonitoring', false)).toEqual({ kind: 'notInMembership' });
  });

  it('opens drone-target monitoring at the project list, where each project leads to its targets', () => {
    expect(businessState('droneMonitoring', true)).toEqual({ kind: 'available', path: '/home' });
  });

  it('explains a missing membership feature for an entry with a screen', () => {
    expect(businessState('droneInspection', false)).toEqual({ kind: 'notInMembership' });
  });

  it('stays informational without the team answer: the entry leads where it does today', () => {
    expect(businessState('droneInspection', undefined)).toEqual({ kind: 'available', path: '/home' });
  });

  it.each([true, false, undefined])('says "coming later" for every entry without a screen (enabled %s)', (enabled) => {
    const withScreen: string[] = ['droneInspection', 'totalStationMonitoring', 'droneMonitoring'];
    const withoutScreen = BUSINESS_ENTRIES.filter((entry) => !withScreen.includes(entry.code));
    expect(withoutScreen).toHaveLength(4);
    for (const entry of withoutScreen) expect(businessState(entry.code, enabled)).toEqual({ kind: 'comingLater' });
  });
});

import type { BusinessCode } from '@sightline/shared';

/** Where each entry leads; an entry missing here has no screen in this release. */
const BUSINESS_PATHS: Partial<Record<BusinessCode, string>> = {
  droneInspection: '/home',
  // Total-station monitoring is per project: the project list leads to each project's points.
  totalStationMonitoring: '/home',
  // Drone-target monitoring too: each project's 3D view leads to its targets.
  droneMonitoring: '/home',
};

export type BusinessState = { kind: 'available'; path: string } | { kind: 'notInMembership' } | { kind: 'comingLater' };

/**
 * What the card of an entry offers. `enabled` is the team's answer (GET /team-client/business/list);
 * undefined when nothing is known of a team (signed out, or the list did not load), and the page then
 * stays informational. An entry without a screen is "coming later" whatever the membership: buying
 * the package would not open it yet.
 */
export function businessState(code: BusinessCode, enabled: boolean | undefined): BusinessState {
  const path = BUSINESS_PATHS[code];
  if (path === undefined) return { kind: 'comingLater' };
  return enabled === false ? { kind: 'notInMembership' } : { kind: 'available', path };
}

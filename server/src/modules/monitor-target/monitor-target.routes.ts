import { monitorTargetCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { MonitorTargetService } from './monitor-target.service.js';

const tags = ['monitor-target'];
/** Drone monitoring is its own function package (SPEC section 3). */
const feature = 'monitoring' as const;

export function registerMonitorTargetRoutes(router: Router, deps: { targets: MonitorTargetService }): void {
  const { targets } = deps;

  router.user({
    call: monitorTargetCalls.create,
    summary:
      'Create a target on a baseline photo (physical: ArUco marker or disc; virtual: a patch) and start its identification',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => targets.create(auth, body),
  });
  router.user({
    call: monitorTargetCalls.list,
    summary: "A page of the project's targets with their identification state and latest displacement",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, body }) => targets.list(auth, body),
  });
  router.user({
    call: monitorTargetCalls.removeMany,
    summary: 'Delete up to 1000 targets and their positions; a running identification is cancelled',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => targets.remove(auth, body.ids),
  });
  router.user({
    call: monitorTargetCalls.setThresholds,
    summary: "Set the displacement threshold of up to 1000 targets; their rounds' alarms are recomputed",
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => targets.setThresholds(auth, body.ids, body.thresholdMm),
  });
  router.user({
    call: monitorTargetCalls.images,
    summary: "A target's photos (baseline, then each round) with its position and displacement on each",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, query }) => targets.images(auth, query.tagId),
  });
  router.user({
    call: monitorTargetCalls.setPosition,
    summary: "Set a target's position on one of its photos by hand; answers the target's photos, measured again",
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, params, body }) => targets.setPosition(auth, params.imageId, body),
  });
  router.user({
    call: monitorTargetCalls.setPositions,
    summary: 'Set up to 1000 target positions by hand at once, all or none',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => targets.setPositions(auth, body.items),
  });
  router.user({
    call: monitorTargetCalls.baselines,
    summary:
      "The project's baselines (name, date, description, photo count) with the later inspections: rounds, or skipped because their photo count differs",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, query }) => targets.baselines(auth, query.projectId),
  });
  router.user({
    call: monitorTargetCalls.lineChart,
    summary: "Each target's displacement over the monitoring rounds, for a line chart",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, query }) => targets.lineChart(auth, query),
  });
}

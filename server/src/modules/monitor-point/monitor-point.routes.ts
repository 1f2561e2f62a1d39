import { displacementCalls, monitorPointCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { MonitorPointService } from './monitor-point.service.js';

const tags = ['monitor-point'];
/** Total-station monitoring is its own function package (SPEC section 3). */
const feature = 'total_station' as const;

export function registerMonitorPointRoutes(router: Router, deps: { monitorPoints: MonitorPointService }): void {
  const { monitorPoints } = deps;

  router.user({
    call: monitorPointCalls.list,
    summary: "The project's monitoring points with their record count and latest cumulative displacement",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, query }) => monitorPoints.list(auth, query.projectId, query.orderDesc),
  });
  router.user({
    call: monitorPointCalls.create,
    summary: 'Create a monitoring point: name and GPS position unique in the project, baseline X/Y(/Z), threshold',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: async ({ auth, body }) => {
      const { projectId, ...point } = body;
      const [created] = await monitorPoints.createMany(auth, projectId, [point]);
      return created as NonNullable<typeof created>;
    },
  });
  router.user({
    call: monitorPointCalls.createMany,
    summary: 'Create up to 1000 monitoring points at once, all or none',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => monitorPoints.createMany(auth, body.projectId, body.points),
  });
  router.user({
    call: monitorPointCalls.update,
    summary: 'Change a monitoring point; a new baseline or threshold recomputes its records and alarms',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => {
      const { id, ...point } = body;
      return monitorPoints.update(auth, id, point);
    },
  });
  router.user({
    call: monitorPointCalls.setThresholds,
    summary: 'Set the displacement threshold of up to 1000 points; their alarms are recomputed',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => monitorPoints.setThresholds(auth, body.ids, body.thresholdMm),
  });
  router.user({
    call: monitorPointCalls.remove,
    summary: 'Delete a monitoring point and its records',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: async ({ auth, params }) => {
      await monitorPoints.remove(auth, [params.id]);
      return null;
    },
  });
  router.user({
    call: monitorPointCalls.removeMany,
    summary: 'Delete up to 1000 monitoring points and their records',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => monitorPoints.remove(auth, body.ids),
  });

  router.user({
    call: displacementCalls.list,
    summary: "A point's displacement records, earliest first",
    tags,
    permission: 'monitor:view',
    feature,
    handler: ({ auth, query }) => monitorPoints.listRecords(auth, query.monitorPointId),
  });
  router.user({
    call: displacementCalls.create,
    summary: "Record a survey; answers the point's series, recomputed",
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => {
      const { monitorPointId, ...survey } = body;
      return monitorPoints.createRecords(auth, monitorPointId, [survey], true);
    },
  });
  router.user({
    call: displacementCalls.update,
    summary: "Change a survey; answers the point's series, recomputed",
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => {
      const { id, ...survey } = body;
      return monitorPoints.updateRecord(auth, id, survey);
    },
  });
  router.user({
    call: displacementCalls.createMany,
    summary:
      'Record up to 1000 surveys at once (batch entry, file import), all or none; a taken or repeated time is named by its row',
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, body }) => monitorPoints.createRecords(auth, body.monitorPointId, body.records),
  });
  router.user({
    call: displacementCalls.remove,
    summary: "Delete a survey; answers the point's series, recomputed",
    tags,
    permission: 'monitor:edit',
    feature,
    handler: ({ auth, params }) => monitorPoints.removeRecord(auth, params.id),
  });
}

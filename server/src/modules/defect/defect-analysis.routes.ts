import { defectAnalysisCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { createDefectMergeService } from './defect-merge.service.js';
import type { createDefectRepeatService } from './defect-repeat.service.js';
import type { DefectStatisticsService } from './defect-statistics.service.js';

const tags = ['defect'];
/** Defects are marked on the drone inspection's photos: the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

export function registerDefectAnalysisRoutes(
  router: Router,
  deps: {
    merge: ReturnType<typeof createDefectMergeService>;
    repeats: ReturnType<typeof createDefectRepeatService>;
    statistics: DefectStatisticsService;
  },
): void {
  const { merge, repeats, statistics } = deps;
  const calls = defectAnalysisCalls;

  router.user({
    call: calls.merge,
    summary:
      'Merge defects of one photo, of one type and shape kind, that meet: areas by polygon union, lines joined into one; the old ones deleted',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => merge(auth, body.ids),
  });
  router.user({
    call: calls.repeat,
    summary:
      "An inspection's repeated defects: the same type on different photos within the distance on the model, grouped, each group's best view to keep",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => repeats.list(auth, body),
  });
  router.user({
    call: calls.repeatDelete,
    summary: 'Delete the repeated defects of an inspection, keeping the best view of each group',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => repeats.remove(auth, body),
  });
  router.user({
    call: calls.countByType,
    summary: "Counts of an inspection's defects by type, with the list's filters and damage filter range",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => statistics.byType(auth, body),
  });
  router.user({
    call: calls.countByLevel,
    summary: "Counts of an inspection's defects by level 1 to 5, with the list's filters and damage filter range",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => statistics.byLevel(auth, body),
  });
  router.user({
    call: calls.countByComponent,
    summary: "Counts of an inspection's defects by component (unbound ones apart), with the list's filters and range",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => statistics.byComponent(auth, body),
  });
  router.user({
    call: calls.coordinates,
    summary: "An inspection's defects placed on the model, lean, for the 3D view (the list's filters and range)",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => statistics.coordinates(auth, body),
  });
  router.user({
    call: calls.oldNear,
    summary: "The previous inspection's defects within a distance of a point on the model, nearest first",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => statistics.oldNear(auth, body),
  });
}

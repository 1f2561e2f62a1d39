import { diseaseFilterCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { DiseaseFilterService } from './disease-filter.service.js';

export function registerDiseaseFilterRoutes(router: Router, deps: { filters: DiseaseFilterService }): void {
  const { filters } = deps;

  router.user({
    call: diseaseFilterCalls.range,
    summary: "The project's damage filter range: defects under it are not shown",
    tags: ['disease-filter'],
    permission: 'project:view',
    handler: ({ auth, query }) => filters.range(auth, query.projectId),
  });

  router.user({
    call: diseaseFilterCalls.saveRange,
    summary: 'Set the damage filter range (crack length m, crack width mm, area m²)',
    tags: ['disease-filter'],
    permission: 'project:config',
    handler: ({ auth, body }) => filters.saveRange(auth, body),
  });

  router.user({
    call: diseaseFilterCalls.saveRanges,
    summary: 'Set the size intervals a report includes (at least one)',
    tags: ['report-filter'],
    permission: 'report:generate',
    handler: ({ auth, body }) => filters.saveRanges(auth, body),
  });

  router.user({
    call: diseaseFilterCalls.saveTypes,
    summary: 'Set the defect types a report includes',
    tags: ['report-filter'],
    permission: 'report:generate',
    handler: ({ auth, body }) => filters.saveTypes(auth, body),
  });

  router.user({
    call: diseaseFilterCalls.configuration,
    summary: "The project's report filter: size intervals and defect types",
    tags: ['report-filter'],
    permission: 'report:view',
    handler: ({ auth, body }) => filters.configuration(auth, body.projectId),
  });

  router.user({
    call: diseaseFilterCalls.clearTypes,
    summary: 'Clear the defect types of the report filter (every type is included again)',
    tags: ['report-filter'],
    permission: 'report:generate',
    handler: ({ auth, body }) => filters.clearTypes(auth, body.projectId),
  });
}

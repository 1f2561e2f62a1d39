import {
  defectFilterRangeSchema,
  projectIdBodySchema,
  projectIdQuerySchema,
  reportFilterConfigurationSchema,
  saveDefectFilterRangeBodySchema,
  saveReportFilterRangesBodySchema,
  saveReportFilterTypesBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { DiseaseFilterService } from './disease-filter.service.js';

export function registerDiseaseFilterRoutes(router: Router, deps: { filters: DiseaseFilterService }): void {
  const { filters } = deps;

  router.user({
    method: 'GET',
    url: '/api/disease-filter',
    summary: "The project's damage filter range: defects under it are not shown",
    tags: ['disease-filter'],
    permission: 'project:view',
    query: projectIdQuerySchema,
    response: defectFilterRangeSchema,
    handler: ({ auth, query }) => filters.range(auth, query.projectId),
  });

  router.user({
    method: 'PUT',
    url: '/api/disease-filter',
    summary: 'Set the damage filter range (crack length m, crack width mm, area m²)',
    tags: ['disease-filter'],
    permission: 'project:config',
    body: saveDefectFilterRangeBodySchema,
    response: defectFilterRangeSchema,
    handler: ({ auth, body }) => filters.saveRange(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/report-filter/adds',
    summary: 'Set the size intervals a report includes (at least one)',
    tags: ['report-filter'],
    permission: 'report:generate',
    body: saveReportFilterRangesBodySchema,
    response: reportFilterConfigurationSchema,
    handler: ({ auth, body }) => filters.saveRanges(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/report-filter/disease/type/adds',
    summary: 'Set the defect types a report includes',
    tags: ['report-filter'],
    permission: 'report:generate',
    body: saveReportFilterTypesBodySchema,
    response: reportFilterConfigurationSchema,
    handler: ({ auth, body }) => filters.saveTypes(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/report-filter/findConfiguration',
    summary: "The project's report filter: size intervals and defect types",
    tags: ['report-filter'],
    permission: 'report:view',
    body: projectIdBodySchema,
    response: reportFilterConfigurationSchema,
    handler: ({ auth, body }) => filters.configuration(auth, body.projectId),
  });

  router.user({
    method: 'POST',
    url: '/api/report-filter/clean/type',
    summary: 'Clear the defect types of the report filter (every type is included again)',
    tags: ['report-filter'],
    permission: 'report:generate',
    body: projectIdBodySchema,
    response: reportFilterConfigurationSchema,
    handler: ({ auth, body }) => filters.clearTypes(auth, body.projectId),
  });
}

import { projectIdBodySchema, projectIdQuerySchema } from '../schemas/project.js';
import {
  defectFilterRangeSchema,
  reportFilterConfigurationSchema,
  saveDefectFilterRangeBodySchema,
  saveReportFilterRangesBodySchema,
  saveReportFilterTypesBodySchema,
} from '../schemas/defect-config.js';
import { defineCall } from './define.js';

export const diseaseFilterCalls = {
  range: defineCall({
    method: 'GET',
    path: '/disease-filter',
    query: projectIdQuerySchema,
    response: defectFilterRangeSchema,
  }),
  saveRange: defineCall({
    method: 'PUT',
    path: '/disease-filter',
    body: saveDefectFilterRangeBodySchema,
    response: defectFilterRangeSchema,
  }),
  saveRanges: defineCall({
    method: 'POST',
    path: '/report-filter/adds',
    body: saveReportFilterRangesBodySchema,
    response: reportFilterConfigurationSchema,
  }),
  saveTypes: defineCall({
    method: 'POST',
    path: '/report-filter/disease/type/adds',
    body: saveReportFilterTypesBodySchema,
    response: reportFilterConfigurationSchema,
  }),
  configuration: defineCall({
    method: 'POST',
    path: '/report-filter/findConfiguration',
    body: projectIdBodySchema,
    response: reportFilterConfigurationSchema,
  }),
  clearTypes: defineCall({
    method: 'POST',
    path: '/report-filter/clean/type',
    body: projectIdBodySchema,
    response: reportFilterConfigurationSchema,
  }),
};

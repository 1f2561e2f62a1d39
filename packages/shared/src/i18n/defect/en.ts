import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  errors: {
    DISEASE_TYPE_NOT_EXISTING: 'The defect type does not exist in this project',
    DISEASE_FIELD_VALUE_ERROR: 'A custom field value is not valid',
  },
  validation: {
    defectShapePoints: 'A polyline needs at least 2 points, a polygon or rectangle at least 3',
  },
};

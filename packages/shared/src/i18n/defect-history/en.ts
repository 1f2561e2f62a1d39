import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  errors: {
    HISTORY_NO_PREVIOUS_INSPECTION: 'This inspection has no previous inspection to match its defects against',
    HISTORY_MATCHING_ING: 'Historical defect matching is running; please try again when it is done',
    HISTORY_DISEASE_BIND_ERROR: 'Only a defect of the previous inspection with a matching shape can be bound',
    HISTORY_DISEASE_BOUND: 'That earlier defect is already bound to another defect of this inspection',
  },
};

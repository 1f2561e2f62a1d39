import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_REPORT_NOT_EXISTING: 'The report does not exist',
    REPORT_SCREENSHOT_MISSING: 'A key defect has no screenshot; take it again, then generate the report',
  },
  inspectionReport: {
    fileName: '{name}-report-{date}',
    title: '{inspection} inspection report',
    cover: {
      company: 'Company',
      project: 'Project',
      inspection: 'Inspection',
      date: 'Inspection date',
      generated: 'Generated',
    },
    section: {
      summary: 'Project and inspection summary',
      statistics: 'Defect statistics',
      defects: 'Defect list',
      keyDefects: 'Key defects',
      comparison: 'Comparison with the previous inspection',
    },
    summary: {
      project: 'Project',
      inspection: 'Inspection',
      date: 'Inspection date',
      description: 'Description',
      photos: 'Photos',
      defects: 'Defects',
      keyDefects: 'Key defects',
      flagged: 'More than {num} defects',
    },
    statistics: {
      byType: 'By defect type',
      byLevel: 'By level',
      byComponent: 'By component',
      bySize: 'By size interval',
      name: 'Name',
      count: 'Count',
      level: 'Level {level}',
      unbound: 'No component',
      interval: 'Interval',
    },
    keyDefect: {
      name: 'Name',
      type: 'Type',
      level: 'Level',
      description: 'Description',
      screenshot: 'Model screenshot',
      crop: 'Photo',
    },
    comparison: {
      previous: 'Previous inspection',
      kind: 'Change',
      count: 'Count',
      defects: 'Defects now',
      previousDefects: 'Defects before',
      kinds: {
        unchanged: 'Unchanged',
        length: 'Length changed',
        width: 'Width changed',
        lengthWidth: 'Length and width changed',
        area: 'Area changed',
        new: 'New',
        repaired: 'Repaired',
      },
    },
    none: 'None',
  },
};

import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  reportUi: {
    title: 'Inspection reports',
    create: 'New report',
    empty: 'No reports yet',
    column: {
      name: 'Report name',
      state: 'State',
      createdBy: 'Responsible person',
      finishedAt: 'Generated',
      actions: 'Actions',
    },
    state: {
      generating: 'Generating',
      failed: 'Generation failed',
      latest: 'Latest',
      historical: 'Historical',
    },
    flagged: 'More than {num} defects',
    action: {
      download: 'Download Word',
      preview: 'Preview',
      again: 'Generate again',
      delete: 'Delete',
    },
    againStarted: 'The report is being generated again',
    deleteTitle: 'Delete the report "{name}"?',
    deleteContent: 'The report and its Word and PDF files are deleted.',
    deleted: 'Report deleted',
    preview: {
      title: 'Preview: {name}',
      noPdf:
        'LibreOffice is not installed on this server, so reports are Word files only; with LibreOffice they get a PDF that is previewed here.',
      close: 'Close',
    },
    wizard: {
      title: 'New report',
      steps: {
        cover: 'Template and cover',
        table: 'Defect table and filters',
        keyDefects: 'Key defects',
      },
      previous: 'Previous',
      next: 'Next',
      generate: 'Generate report',
      cancel: 'Cancel',
      started: 'The report is being generated',
    },
    cover: {
      template: 'Template',
      templates: {
        inspection: 'Inspection report',
        defectList: 'Defect list report',
      },
      sections: 'Sections',
      sectionsRequired: 'Choose at least one section',
      name: 'Report name',
      namePlaceholder: "The inspection's name and the date when left empty",
      company: 'Company name',
      logo: 'Company logo',
      brandingNote: 'The company name and logo come from the system configuration.',
    },
    table: {
      fields: 'Defect table columns',
      fieldsHelp: '{count} of {num} chosen',
      fieldsTooMany: 'The defect table has at most {num} columns',
      fieldsRequired: 'Choose at least one column',
      thumbnails: 'Defect thumbnails',
      types: 'Defect types',
      typesPlaceholder: 'All types',
      typesHelp:
        "The report's defect table and statistics hold only the types chosen (the project's report filter, saved for later reports too).",
      noDefectTable: 'The sections chosen hold no defect table or statistics.',
    },
    keyDefects: {
      intro: 'Choose the key defects the report shows.',
      none: 'This inspection has no key defects.',
      notIncluded: 'The sections chosen hold no key defects.',
      graph: 'Drawn graph',
      graphPoints: '{count} points',
      graphKind: { polyline: 'Polyline', polygon: 'Polygon' },
      graphMissing: 'No graph',
      screenshot: 'Screenshot',
      screenshotMissing: 'No screenshot',
      name: 'Name',
      missingTitle: 'Some key defects have no screenshot',
      missingContent: '{names} have no screenshot and cannot be in the report. Generate it without them?',
      leaveOut: 'Leave out and generate',
    },
  },
};

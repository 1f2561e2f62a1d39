import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  teamUi: {
    recycle: {
      description: 'Deleted projects and inspections stay here until they are restored or deleted for good.',
      count: 'Items',
      totalSize: 'Space used',
      kindLabel: 'Kind',
      kind: {
        project: 'Project',
        inspection: 'Inspection',
        image: 'Image',
        report: 'Report',
        monitor_point: 'Monitoring point',
      },
      allKinds: 'All kinds',
      name: 'Name',
      size: 'Size',
      deletedBy: 'Deleted by',
      deletedAt: 'Deleted',
      search: 'Search names',
      restore: 'Restore',
      restoreSelected: 'Restore selected ({count})',
      restored: 'Restored: {count}',
      deleteForever: 'Delete for good',
      deleteSelected: 'Delete selected for good ({count})',
      deleteTitle: 'Delete for good ({count})?',
      deleteContent:
        'Their data and files cannot be recovered afterwards, and the storage is freed. Enter your login password to confirm.',
      deleted: 'Deleted for good: {count}; {size} freed',
      empty: 'Empty the recycle bin',
      emptyTitle: 'Empty the recycle bin?',
      emptyContent: 'Everything in the bin ({count}) will be deleted for good. Enter your login password to confirm.',
      emptied: 'Recycle bin emptied: {count} deleted; {size} freed',
      emptyState: 'The recycle bin is empty',
    },
  },
};

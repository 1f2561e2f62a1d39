import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  defectAnalysis: {
    merge: {
      button: 'Merge',
      title: 'Merge defects',
      confirm: 'Merge the {count} selected defects into one? The original defects will be deleted.',
      hint: 'Only defects on the same photo, of the same type and shape, that intersect can be merged',
      ok: 'Merge',
      done: 'Merged into {code}',
    },
    repeat: {
      button: 'Repeated defects',
      title: 'Delete repeated defects',
      intro:
        'When one defect is marked on several overlapping photos, the repeats are found by their distance on the model and their type; the best view (the nearest camera) is kept.',
      distance: 'Distance threshold (m)',
      distanceHint: 'At least {min} m',
      find: 'Find',
      groups: '{count} groups of repeated defects',
      compared: '{count} located defects compared; {unlocated} without a place on the model are left out',
      keep: 'Kept',
      repeated: 'Repeated',
      cameraDistance: 'Camera {distance} m away',
      empty: 'No repeated defects found',
      notSearched: 'Set the distance threshold and click Find',
      delete: 'Delete repeated defects',
      confirm: 'Delete {count} repeated defects, keeping the best view of each group?',
      deleted: '{count} repeated defects deleted',
      close: 'Close',
    },
    statistics: {
      button: 'Statistics',
      title: 'Defect statistics',
      byType: 'By type',
      byLevel: 'By level',
      byComponent: 'By component',
      count: 'Count',
      unbound: 'No component',
      total: 'Defects in total',
      hidden: '{count} defects below the filter range are not counted',
      empty: 'No defects',
    },
  },
};

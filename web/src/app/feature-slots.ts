import { lazy } from 'react';
import type { FeatureSlots } from '../session/feature-slots';

/** What fills the features' slots (web/src/session/feature-slots.tsx), each loaded with the screen that shows it. */
export const FEATURE_SLOTS: FeatureSlots = {
  photoEditor: lazy(() => import('../features/defect-editor/components/DefectEditorPage')),
  inspectionSection: lazy(() => import('../features/defect/components/DefectsSection')),
  inspectionHistory: lazy(() => import('../features/defect-history/components/HistorySection')),
  inspectionScreening: lazy(() => import('../features/ai-screening/components/ScreeningSection')),
  inspectionReports: lazy(() => import('../features/inspection-report/components/ReportsSection')),
  projectFilterRange: lazy(() =>
    import('../features/project-config/components/FilterRangePanel').then((module) => ({
      default: module.FilterRangePanel,
    })),
  ),
  sceneLayer: lazy(() => import('../features/defect/components/DefectLayerControl')),
  sceneKeyDefects: lazy(() => import('../features/key-defect/components/KeyDefectLayerControl')),
};

import { mergeDomains } from './merge-domains.js';
import type { Catalogue } from './zh-CN.js';
import { en as errors } from './errors/en.js';
import { en as validation } from './validation/en.js';
import { en as reference } from './reference/en.js';
import { en as shell } from './shell/en.js';
import { en as auth } from './auth/en.js';
import { en as user } from './user/en.js';
import { en as licence } from './licence/en.js';
import { en as viewer } from './viewer/en.js';
import { en as photoLayer } from './photo-layer/en.js';
import { en as photoCompare } from './photo-compare/en.js';
import { en as team } from './team/en.js';
import { en as teamAdmin } from './team-admin/en.js';
import { en as recycleBin } from './recycle-bin/en.js';
import { en as notice } from './notice/en.js';
import { en as feedback } from './feedback/en.js';
import { en as project } from './project/en.js';
import { en as projectModel } from './project-model/en.js';
import { en as projectConfig } from './project-config/en.js';
import { en as inspection } from './inspection/en.js';
import { en as inspectionImage } from './inspection-image/en.js';
import { en as inspectionUi } from './inspection-ui/en.js';
import { en as highPrecisionUi } from './high-precision/en.js';
import { en as pose } from './pose/en.js';
import { en as photoViewer } from './photo-viewer/en.js';
import { en as inspectionPhotos } from './inspection-photos/en.js';
import { en as spatialMarker } from './spatial-marker/en.js';
import { en as totalStation } from './total-station/en.js';
import { en as defect } from './defect/en.js';
import { en as defectExport } from './defect-export/en.js';
import { en as defectEditor } from './defect-editor/en.js';
import { en as keyDefect } from './key-defect/en.js';
import { en as defectList } from './defect-list/en.js';
import { en as defectAnalysis } from './defect-analysis/en.js';
import { en as defectHistory } from './defect-history/en.js';
import { en as defectHistoryUi } from './defect-history-ui/en.js';
import { en as aiScreeningUi } from './ai-screening-ui/en.js';
import { en as inspectionReport } from './inspection-report/en.js';
import { en as inspectionReportUi } from './inspection-report-ui/en.js';
import { en as monitorTargetUi } from './monitor-target-ui/en.js';

export const en: Catalogue = mergeDomains(
  errors,
  validation,
  reference,
  shell,
  auth,
  user,
  licence,
  viewer,
  photoLayer,
  photoCompare,
  team,
  teamAdmin,
  recycleBin,
  notice,
  feedback,
  project,
  projectModel,
  projectConfig,
  inspection,
  inspectionImage,
  inspectionUi,
  highPrecisionUi,
  pose,
  photoViewer,
  inspectionPhotos,
  spatialMarker,
  totalStation,
  defect,
  defectExport,
  defectEditor,
  keyDefect,
  defectList,
  defectAnalysis,
  defectHistory,
  defectHistoryUi,
  aiScreeningUi,
  inspectionReport,
  inspectionReportUi,
  monitorTargetUi,
);

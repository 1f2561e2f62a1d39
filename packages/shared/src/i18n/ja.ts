import { mergeDomains } from './merge-domains.js';
import type { Catalogue } from './zh-CN.js';
import { ja as errors } from './errors/ja.js';
import { ja as validation } from './validation/ja.js';
import { ja as reference } from './reference/ja.js';
import { ja as shell } from './shell/ja.js';
import { ja as auth } from './auth/ja.js';
import { ja as user } from './user/ja.js';
import { ja as licence } from './licence/ja.js';
import { ja as viewer } from './viewer/ja.js';
import { ja as photoLayer } from './photo-layer/ja.js';
import { ja as photoCompare } from './photo-compare/ja.js';
import { ja as team } from './team/ja.js';
import { ja as teamAdmin } from './team-admin/ja.js';
import { ja as recycleBin } from './recycle-bin/ja.js';
import { ja as notice } from './notice/ja.js';
import { ja as feedback } from './feedback/ja.js';
import { ja as project } from './project/ja.js';
import { ja as projectModel } from './project-model/ja.js';
import { ja as projectConfig } from './project-config/ja.js';
import { ja as inspection } from './inspection/ja.js';
import { ja as inspectionImage } from './inspection-image/ja.js';
import { ja as inspectionUi } from './inspection-ui/ja.js';
import { ja as highPrecisionUi } from './high-precision/ja.js';
import { ja as pose } from './pose/ja.js';
import { ja as photoViewer } from './photo-viewer/ja.js';
import { ja as inspectionPhotos } from './inspection-photos/ja.js';
import { ja as spatialMarker } from './spatial-marker/ja.js';
import { ja as totalStation } from './total-station/ja.js';
import { ja as defect } from './defect/ja.js';
import { ja as defectExport } from './defect-export/ja.js';
import { ja as defectEditor } from './defect-editor/ja.js';
import { ja as keyDefect } from './key-defect/ja.js';
import { ja as defectList } from './defect-list/ja.js';
import { ja as defectAnalysis } from './defect-analysis/ja.js';
import { ja as defectHistory } from './defect-history/ja.js';
import { ja as defectHistoryUi } from './defect-history-ui/ja.js';
import { ja as aiScreeningUi } from './ai-screening-ui/ja.js';
import { ja as inspectionReport } from './inspection-report/ja.js';
import { ja as inspectionReportUi } from './inspection-report-ui/ja.js';
import { ja as monitorTargetUi } from './monitor-target-ui/ja.js';

export const ja: Catalogue = mergeDomains(
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

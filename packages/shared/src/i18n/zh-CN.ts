import { mergeDomains, type Widen } from './merge-domains.js';
import { zhCN as errors } from './errors/zh-CN.js';
import { zhCN as validation } from './validation/zh-CN.js';
import { zhCN as reference } from './reference/zh-CN.js';
import { zhCN as shell } from './shell/zh-CN.js';
import { zhCN as auth } from './auth/zh-CN.js';
import { zhCN as user } from './user/zh-CN.js';
import { zhCN as licence } from './licence/zh-CN.js';
import { zhCN as viewer } from './viewer/zh-CN.js';
import { zhCN as photoLayer } from './photo-layer/zh-CN.js';
import { zhCN as photoCompare } from './photo-compare/zh-CN.js';
import { zhCN as team } from './team/zh-CN.js';
import { zhCN as teamAdmin } from './team-admin/zh-CN.js';
import { zhCN as recycleBin } from './recycle-bin/zh-CN.js';
import { zhCN as notice } from './notice/zh-CN.js';
import { zhCN as feedback } from './feedback/zh-CN.js';
import { zhCN as project } from './project/zh-CN.js';
import { zhCN as projectModel } from './project-model/zh-CN.js';
import { zhCN as projectConfig } from './project-config/zh-CN.js';
import { zhCN as inspection } from './inspection/zh-CN.js';
import { zhCN as inspectionImage } from './inspection-image/zh-CN.js';
import { zhCN as inspectionUi } from './inspection-ui/zh-CN.js';
import { zhCN as highPrecisionUi } from './high-precision/zh-CN.js';
import { zhCN as pose } from './pose/zh-CN.js';
import { zhCN as photoViewer } from './photo-viewer/zh-CN.js';
import { zhCN as inspectionPhotos } from './inspection-photos/zh-CN.js';
import { zhCN as spatialMarker } from './spatial-marker/zh-CN.js';
import { zhCN as totalStation } from './total-station/zh-CN.js';
import { zhCN as defect } from './defect/zh-CN.js';
import { zhCN as defectExport } from './defect-export/zh-CN.js';
import { zhCN as defectEditor } from './defect-editor/zh-CN.js';
import { zhCN as keyDefect } from './key-defect/zh-CN.js';
import { zhCN as defectList } from './defect-list/zh-CN.js';
import { zhCN as defectAnalysis } from './defect-analysis/zh-CN.js';
import { zhCN as defectHistory } from './defect-history/zh-CN.js';
import { zhCN as defectHistoryUi } from './defect-history-ui/zh-CN.js';
import { zhCN as aiScreeningUi } from './ai-screening-ui/zh-CN.js';
import { zhCN as inspectionReport } from './inspection-report/zh-CN.js';
import { zhCN as inspectionReportUi } from './inspection-report-ui/zh-CN.js';
import { zhCN as monitorTargetUi } from './monitor-target-ui/zh-CN.js';

/**
 * Chinese (the default language): the reference catalogue whose shape en and ja must match, assembled from
 * each domain's texts in `<domain>/<language>.ts`. A new domain adds its three files and a line here, in en.ts
 * and in ja.ts.
 */
export const zhCN = mergeDomains(
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

/** The shape every language's catalogue must have: the same keys, any text. */
export type Catalogue = Widen<typeof zhCN>;

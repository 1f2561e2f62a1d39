import type { ModuleDefinition } from '../platform/modules/module-definition.js';
import { authModule } from './auth/auth.module.js';
import { aiModelModule } from './ai-model/ai-model.module.js';
import { aiScreeningModule } from './ai-screening/ai-screening.module.js';
import { defectModule } from './defect/defect.module.js';
import { defectAnalysisModule } from './defect/defect-analysis.module.js';
import { keyDefectModule } from './key-defect/key-defect.module.js';
import { defectExportModule } from './defect-export/defect-export.module.js';
import { defectHistoryModule } from './defect-history/defect-history.module.js';
import { defectFieldModule } from './defect-field/defect-field.module.js';
import { defectTypeModule } from './defect-type/defect-type.module.js';
import { dictionaryModule } from './dictionary/dictionary.module.js';
import { diseaseFilterModule } from './disease-filter/disease-filter.module.js';
import { feedbackModule } from './feedback/feedback.module.js';
import { inspectionModule } from './inspection/inspection.module.js';
import { inspectionReportModule } from './inspection-report/inspection-report.module.js';
import { licenceModule } from './licence/licence.module.js';
import { monitorPointModule } from './monitor-point/monitor-point.module.js';
import { monitorTargetModule } from './monitor-target/monitor-target.module.js';
import { noticeModule } from './notice/notice.module.js';
import { projectBelongModule } from './project-belong/project-belong.module.js';
import { projectCustomModule } from './project-custom/project-custom.module.js';
import { projectModelModule } from './project-model/project-model.module.js';
import { projectModule } from './project/project.module.js';
import { recycleBinModule } from './recycle-bin/recycle-bin.module.js';
import { roleMenuModule } from './role-menu/role-menu.module.js';
import { roleModule } from './role/role.module.js';
import { spatialMarkerModule } from './spatial-marker/spatial-marker.module.js';
import { systemConfigModule } from './system-config/system-config.module.js';
import { teamAdminModule } from './team-admin/team-admin.module.js';
import { teamFunctionModule } from './team-function/team-function.module.js';
import { teamModule } from './team/team.module.js';
import { userClientModule } from './user-client/user-client.module.js';
import { userModule } from './user/user.module.js';

/**
 * Every domain, in the order they register: a module obtains what the modules before it provide (`use`), so cores
 * come before the domains standing on them. The licence comes first, as its gate must precede every call.
 */
export const MODULES: readonly ModuleDefinition[] = [
  licenceModule,
  authModule,
  teamModule,
  recycleBinModule,
  projectModule,
  teamFunctionModule,
  teamAdminModule,
  userClientModule,
  userModule,
  roleModule,
  roleMenuModule,
  dictionaryModule,
  projectBelongModule,
  projectCustomModule,
  defectTypeModule,
  defectFieldModule,
  diseaseFilterModule,
  noticeModule,
  feedbackModule,
  systemConfigModule,
  projectModelModule,
  inspectionModule,
  spatialMarkerModule,
  monitorPointModule,
  monitorTargetModule,
  defectModule,
  defectAnalysisModule,
  keyDefectModule,
  defectExportModule,
  defectHistoryModule,
  inspectionReportModule,
  aiModelModule,
  aiScreeningModule,
];

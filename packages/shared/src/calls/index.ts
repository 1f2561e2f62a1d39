import type { CallDefinition } from './define.js';
import { aiModelCalls } from './ai-model.js';
import { aiScreeningCalls } from './ai-screening.js';
import { authCalls } from './auth.js';
import { defectCalls } from './defect.js';
import { defectAnalysisCalls } from './defect-analysis.js';
import { defectExportCalls } from './defect-export.js';
import { defectHistoryCalls } from './defect-history.js';
import { defectCalibrationCalls, keyDefectCalls } from './key-defect.js';
import { defectFieldCalls } from './defect-field.js';
import { defectTypeCalls } from './defect-type.js';
import { dictionaryCalls, dictionaryOptionCalls } from './dictionary.js';
import { diseaseFilterCalls } from './disease-filter.js';
import { feedbackCalls } from './feedback.js';
import { imagesRecordCalls } from './images-record.js';
import { inspectionCalls } from './inspection.js';
import { inspectionImageCalls } from './inspection-image.js';
import { inspectionImageEditCalls } from './inspection-image-edit.js';
import { inspectionReportCalls } from './inspection-report.js';
import { invitationCalls } from './invitation.js';
import { modelImageCalls } from './model-image.js';
import { displacementCalls, monitorPointCalls } from './monitor-point.js';
import { monitorTargetCalls } from './monitor-target.js';
import { licenceCalls } from './licence.js';
import { noticeCalls } from './notice.js';
import { projectBelongCalls } from './project-belong.js';
import { projectCustomCalls } from './project-custom.js';
import { projectGroupCalls } from './project-group.js';
import { projectModelCalls } from './project-model.js';
import { projectTypeCalls } from './project-type.js';
import { projectCalls } from './project.js';
import { recycleBinCalls } from './recycle-bin.js';
import { roleMenuCalls } from './role-menu.js';
import { roleCalls } from './role.js';
import { spaceBindingCalls, spatialMarkerCalls } from './spatial-marker.js';
import { systemConfigCalls } from './system-config.js';
import { teamAdminCalls } from './team-admin.js';
import { teamFunctionCalls } from './team-function.js';
import { teamCalls } from './team.js';
import { userClientCalls } from './user-client.js';
import { userCalls } from './user.js';

export * from './define.js';
export * from './ai-model.js';
export * from './ai-screening.js';
export * from './auth.js';
export * from './defect.js';
export * from './defect-analysis.js';
export * from './defect-export.js';
export * from './defect-history.js';
export * from './defect-field.js';
export * from './defect-type.js';
export * from './dictionary.js';
export * from './disease-filter.js';
export * from './feedback.js';
export * from './images-record.js';
export * from './inspection.js';
export * from './inspection-image.js';
export * from './inspection-image-edit.js';
export * from './inspection-report.js';
export * from './invitation.js';
export * from './model-image.js';
export * from './monitor-point.js';
export * from './monitor-target.js';
export * from './licence.js';
export * from './notice.js';
export * from './project-belong.js';
export * from './project-custom.js';
export * from './project-group.js';
export * from './project-model.js';
export * from './project-type.js';
export * from './project.js';
export * from './recycle-bin.js';
export * from './role-menu.js';
export * from './role.js';
export * from './spatial-marker.js';
export * from './system-config.js';
export * from './team-admin.js';
export * from './team-function.js';
export * from './team.js';
export * from './user-client.js';
export * from './user.js';
export * from './key-defect.js';

/** Every call of the contract; the server's tests check that each is served by exactly one route. */
export const ALL_CALLS: readonly CallDefinition[] = (
  [
    aiModelCalls,
    aiScreeningCalls,
    authCalls,
    defectCalls,
    defectAnalysisCalls,
    defectExportCalls,
    defectHistoryCalls,
    defectCalibrationCalls,
    keyDefectCalls,
    defectFieldCalls,
    defectTypeCalls,
    dictionaryCalls,
    dictionaryOptionCalls,
    diseaseFilterCalls,
    feedbackCalls,
    imagesRecordCalls,
    inspectionCalls,
    inspectionImageCalls,
    inspectionImageEditCalls,
    inspectionReportCalls,
    invitationCalls,
    modelImageCalls,
    monitorPointCalls,
    displacementCalls,
    monitorTargetCalls,
    licenceCalls,
    noticeCalls,
    projectBelongCalls,
    projectCustomCalls,
    projectGroupCalls,
    projectModelCalls,
    projectTypeCalls,
    projectCalls,
    recycleBinCalls,
    roleMenuCalls,
    roleCalls,
    spaceBindingCalls,
    spatialMarkerCalls,
    systemConfigCalls,
    teamAdminCalls,
    teamFunctionCalls,
    teamCalls,
    userClientCalls,
    userCalls,
  ] satisfies ReadonlyArray<Record<string, CallDefinition>>
).flatMap((domain) => Object.values(domain));

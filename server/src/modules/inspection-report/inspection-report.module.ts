import fs from 'node:fs';
import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDefectExportRepo } from '../defect-export/defect-export.repo.js';
import { createDefectAnalysisRepo } from '../defect/defect-analysis.repo.js';
import { createDefectRepo } from '../defect/defect.repo.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { createKeyDefectRepo } from '../key-defect/key-defect.repo.js';
import { createMonitorPointRepo } from '../monitor-point/monitor-point.repo.js';
import { createMonitorTargetRepo } from '../monitor-target/monitor-target.repo.js';
import { registerInspectionFiles } from '../inspection/inspection-files.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { createSystemConfigRepo } from '../system-config/system-config.repo.js';
import { createSystemConfigService } from '../system-config/system-config.service.js';
import { registerInspectionReportJobs } from './inspection-report.jobs.js';
import { createInspectionReportRepo, reportFiles } from './inspection-report.repo.js';
import { registerInspectionReportRoutes } from './inspection-report.routes.js';
import { createInspectionReportService } from './inspection-report.service.js';

/**
 * Inspection reports (/inspection-report): Word files written by a durable job, PDF by LibreOffice headless when
 * SOFFICE_PATH exists. Monitoring reports are reports too, reading the total-station and drone-target repos. Reports count against the team's quota and go with their inspection or project when it is purged.
 */
export const inspectionReportModule: ModuleDefinition = {
  name: 'inspection-report',
  register(context) {
    const { config } = context;
    const db = context.database.db;
    const reports = createInspectionReportService({
      repo: createInspectionReportRepo(db),
      defects: createDefectRepo(db),
      analysis: createDefectAnalysisRepo(db),
      names: createDefectExportRepo(db),
      keyDefects: createKeyDefectRepo(db),
      inspections: createInspectionRepo(db),
      access: context.use(PROJECT_ACCESS),
      filters: createDiseaseFilterRepo(db),
      points: createMonitorPointRepo(db),
      targets: createMonitorTargetRepo(db),
      systemConfig: createSystemConfigService({
        repo: createSystemConfigRepo(db),
        blobs: context.blobs,
        settings: { storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT } },
      }),
      soffice: config.SOFFICE_PATH,
      quota: context.use(QUOTA),
      blobs: context.blobs,
      cpu: context.cpu,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    if (!fs.existsSync(config.SOFFICE_PATH))
      context.log.warn(
        `Reports are Word only: PDF needs LibreOffice at ${config.SOFFICE_PATH} (Debian: apt-get install libreoffice-writer-nogui, or set SOFFICE_PATH)`,
      );
    registerInspectionFiles('inspection-report', reportFiles);
    registerInspectionReportJobs(context.jobs, reports);
    context.routes((router) => registerInspectionReportRoutes(router, reports));
  },
};

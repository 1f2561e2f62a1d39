import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-foundation.js';
import * as m0002 from './0002-user-client.js';
import * as m0003 from './0003-teams.js';
import * as m0004 from './0004-projects.js';
import * as m0005 from './0005-recycle-notice-licence.js';
import * as m0006 from './0006-project-models.js';
import * as m0007 from './0007-feedback-handled.js';
import * as m0008 from './0008-login-attempts.js';
import * as m0009 from './0009-inspections.js';
import * as m0010 from './0010-inspection-images.js';
import * as m0011 from './0011-inspection-image-poses.js';
import * as m0012 from './0012-high-precision.js';
import * as m0013 from './0013-inspection-image-pyramids.js';
import * as m0014 from './0014-spatial-markers.js';
import * as m0015 from './0015-images-records.js';
import * as m0016 from './0016-defects.js';
import * as m0017 from './0017-key-defects-calibration.js';
import * as m0018 from './0018-inspection-excel.js';
import * as m0019 from './0019-monitor-points.js';
import * as m0020 from './0020-defect-history.js';
import * as m0021 from './0021-ai-screening.js';
import * as m0022 from './0022-ai-feedback.js';
import * as m0023 from './0023-inspection-reports.js';
import * as m0024 from './0024-monitor-targets.js';
import * as m0025 from './0025-monitor-reports.js';
import * as m0027 from './0027-defect-list-indexes.js';
import * as m0028 from './0028-ai-models.js';
import * as m0029 from './0029-key-defect-screenshots.js';
import * as m0030 from './0030-ai-screening-model.js';

/** Migrations are imported, not read from disk, so the bundled server carries them. Append only. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-foundation': m0001,
  '0002-user-client': m0002,
  '0003-teams': m0003,
  '0004-projects': m0004,
  '0005-recycle-notice-licence': m0005,
  '0006-project-models': m0006,
  '0007-feedback-handled': m0007,
  '0008-login-attempts': m0008,
  '0009-inspections': m0009,
  '0010-inspection-images': m0010,
  '0011-inspection-image-poses': m0011,
  '0012-high-precision': m0012,
  '0013-inspection-image-pyramids': m0013,
  '0014-spatial-markers': m0014,
  '0015-images-records': m0015,
  '0016-defects': m0016,
  '0017-key-defects-calibration': m0017,
  '0018-inspection-excel': m0018,
  '0019-monitor-points': m0019,
  '0020-defect-history': m0020,
  '0021-ai-screening': m0021,
  '0022-ai-feedback': m0022,
  '0023-inspection-reports': m0023,
  '0024-monitor-targets': m0024,
  '0025-monitor-reports': m0025,
  '0027-defect-list-indexes': m0027,
  '0028-ai-models': m0028,
  '0029-key-defect-screenshots': m0029,
  '0030-ai-screening-model': m0030,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};

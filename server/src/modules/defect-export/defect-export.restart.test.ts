import { describe, expect, it } from 'vitest';
import type { InspectionExcel } from '@sightline/shared';
import { backends } from '../../../test/harness.js';
import { insertManyDefects } from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertPhotos } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { openAppWithRedelivery, runWithTheEndLostOnce } from '../../../test/redelivery.js';
import { DEFECT_EXPORT_JOB } from './defect-export.service.js';

describe.each(backends())('%s: an export whose end was lost once its file was written', (backend) => {
  it('counts its file once against the team when its job runs again', async () => {
    const scene = await openAppWithRedelivery(backend);
    try {
      const { app, db } = scene;
      const team = await buildStaffedTeam(db);
      const { projectId, inspectionId, groupId } = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        memberIds: [team.inspector.id],
      });
      const [photo] = await insertPhotos(db, inspectionId, groupId, [{ name: 'A.JPG', pose: null }]);
      await insertManyDefects(
        db,
        { projectId, inspectionId, imageIds: [photo!.id], typeIds: [await builtInDefectTypeId(db, 'crack')] },
        3,
      );
      const { recordId, lost, again } = await runWithTheEndLostOnce(scene, {
        name: DEFECT_EXPORT_JOB,
        table: 'inspection_excels',
        inspectionId,
        teamId: team.id,
        start: async () => {
          const started = await app.inject({
            method: 'POST',
            url: '/api/inspection-disease/export',
            headers: { authorization: `Bearer ${team.inspector.token}` },
            payload: { inspectionId, fields: ['code'], thumbnails: false },
          });
          return started.json<{ data: InspectionExcel }>().data.id;
        },
      });
      expect(lost).toEqual({
        jobs: [['failed', { recordId }]],
        record: { state: 'generating', sizeBytes: 0 },
        addedBytes: 0,
      });
      expect(again.record.state).toBe('done');
      expect(again.addedBytes).toBe(again.record.sizeBytes);
      expect(again.addedBytes).toBeGreaterThan(0);
    } finally {
      await scene.close();
    }
  }, 120_000);
});

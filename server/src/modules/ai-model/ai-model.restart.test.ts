import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiTrainingSet } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { backends } from '../../../test/harness.js';
import { insertManyDefects, insertPhotosWithOriginals } from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { builtInDefectTypeId } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { pollUntil } from '../../../test/events.js';
import { openAppWithRedelivery, runWithTheEndLostOnce, type AppWithRedelivery } from '../../../test/redelivery.js';
import { AI_TRAINING_SET_JOB } from './ai-model.service.js';

describe.each(backends())('%s: the quota of a training set written by a job', (backend) => {
  let scene: AppWithRedelivery;
  let team: StaffedTeam;
  let inspectionId = 0;

  const start = async () => {
    const started = await scene.app.inject({
      method: 'POST',
      url: `/api/ai-training-set/${inspectionId}`,
      headers: { authorization: `Bearer ${team.inspector.token}` },
    });
    return started.json<{ data: AiTrainingSet }>().data.id;
  };

  beforeAll(async () => {
    scene = await openAppWithRedelivery(backend);
    const { db } = scene;
    team = await buildStaffedTeam(db);
    const place = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    inspectionId = place.inspectionId;
    const size: [number, number] = [400, 400];
    const bytes = await sharp({ create: { width: size[0], height: size[1], channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
    // A photo with a crack marked by hand: reviewed, so the inspection exports a set.
    const imageIds = await insertPhotosWithOriginals(db, createConfiguredBlobStore(scene.config), place, [
      { name: 'A.JPG', bytes, size },
    ]);
    await insertManyDefects(db, { ...place, imageIds, typeIds: [await builtInDefectTypeId(db, 'crack')] }, 1);
  });
  afterAll(() => scene.close());

  it('counts its zip once against the team when the job whose end was lost runs again', async () => {
    const { recordId, lost, again } = await runWithTheEndLostOnce(scene, {
      name: AI_TRAINING_SET_JOB,
      table: 'ai_training_sets',
      inspectionId,
      teamId: team.id,
      start,
    });
    expect(lost).toEqual({
      jobs: [['failed', { recordId }]],
      record: { state: 'generating', sizeBytes: 0 },
      addedBytes: 0,
    });
    expect(again.record.state).toBe('done');
    expect(again.addedBytes).toBe(again.record.sizeBytes);
    expect(again.addedBytes).toBeGreaterThan(0);
  }, 120_000);

  it('fails with the quota error on a full team, keeping no zip and counting nothing', async () => {
    const { db } = scene;
    await db.updateTable('teams').set({ volume_max_gb: 0 }).where('id', '=', team.id).execute();
    const before = await teamUsedBytes(db, team.id);
    const recordId = await start();
    const ended = await pollUntil(
      () =>
        db
          .selectFrom('ai_training_sets')
          .select(['state', 'error_key', 'storage_key'])
          .where('id', '=', recordId)
          .executeTakeFirstOrThrow(),
      (row) => row.state !== 'generating',
    );
    expect([ended.state, ended.error_key]).toEqual(['failed', 'TEAM_VOLUME_EXCEED']);
    // The job removes the zip after it ends the record: wait for the job itself to end before looking.
    await pollUntil(
      () => db.selectFrom('jobs').select(['state', 'payload']).where('name', '=', AI_TRAINING_SET_JOB).execute(),
      (rows) =>
        rows.some(
          (row) =>
            (row.payload as { recordId?: number }).recordId === recordId && ['done', 'failed'].includes(row.state),
        ),
    );
    expect(await createConfiguredBlobStore(scene.config).stat(ended.storage_key)).toBeNull();
    expect(await teamUsedBytes(db, team.id)).toBe(before);
  }, 120_000);
});

import { Migrator, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.js';
import { migrateToLatest, openEmbeddedDatabase } from '../database.js';
import { insertDefect } from '../../../../test/factories/defect.js';
import { buildInspection } from '../../../../test/factories/inspection.js';
import { builtInDefectTypeId } from '../../../../test/factories/project.js';
import { buildTeam } from '../../../../test/factories/team.js';
import { migrationProvider } from './index.js';

const insertModel = async (db: Kysely<Database>, teamId: number, name: string) =>
  (
    await db
      .insertInto('ai_models')
      .values({
        team_id: teamId,
        name,
        state: 'ready',
        classes: JSON.stringify(['crack']),
        model_key: `test/${name}.onnx`,
        sidecar_key: `test/${name}.json`,
        size_bytes: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('migration 0030: the model of the screenings it finds', () => {
  it("gives an ended run the model of its AI defects and a queued one its project's choice", async () => {
    const handle = await openEmbeddedDatabase({});
    try {
      const { db } = handle;
      const migrated = await new Migrator({ db, provider: migrationProvider }).migrateTo('0029-key-defect-screenshots');
      expect(migrated.error).toBeUndefined();
      const team = await buildTeam(db);
      const queued = await buildInspection(db, { teamId: team.id, createdBy: team.owner.id });
      const [found, chosen] = [await insertModel(db, team.id, 'found'), await insertModel(db, team.id, 'chosen')];
      const defect = await insertDefect(db, {
        teamId: team.id,
        createdBy: team.owner.id,
        projectId: queued.projectId,
        typeId: await builtInDefectTypeId(db),
      });
      const { inspection_id: ended } = await db
        .updateTable('defects')
        .set({ source: 'ai', ai_model_id: found })
        .where('id', '=', defect.id)
        .returning('inspection_id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('ai_model_choices')
        .values({ team_id: team.id, project_id: null, model_id: chosen })
        .execute();
      await db
        .insertInto('ai_screenings')
        .values([
          { inspection_id: ended, state: 'AI_CHECK_COMPLETE' },
          { inspection_id: queued.inspectionId, state: 'AI_QUEUE', queue_order: 1 },
        ])
        .execute();

      await migrateToLatest(db);
      const rows = await db
        .selectFrom('ai_screenings')
        .select(['inspection_id', 'ai_model_id'])
        .orderBy('inspection_id')
        .execute();
      expect(rows).toEqual(
        [
          { inspection_id: ended, ai_model_id: found },
          { inspection_id: queued.inspectionId, ai_model_id: chosen },
        ].sort((a, b) => a.inspection_id - b.inspection_id),
      );
    } finally {
      await handle.close();
    }
  }, 60_000);
});

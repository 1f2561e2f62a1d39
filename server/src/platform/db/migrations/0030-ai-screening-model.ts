import { sql, type Kysely } from 'kysely';

/**
 * The learned model an inspection's screening runs with (modules/ai-screening), recorded when it starts: every photo
 * of the run is screened by it, and the run's summary names it however the choice or the defects change later. Null:
 * the built-in detector. No key, as on defects: the attribution outlives a deleted model. A run queued or running
 * at this migration takes the model its project uses now (what it would have screened with); an ended one the model
 * of its AI defects, the best the database knows of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ai_screenings').addColumn('ai_model_id', 'integer').execute();
  await sql`
    update ai_screenings s
    set ai_model_id = (
      select max(d.ai_model_id) from defects d where d.inspection_id = s.inspection_id and d.source = 'ai'
    )
    where s.state not in ('AI_In_Preparation', 'AI_QUEUE', 'AI_CHECKING', 'TASK_CANCELING')`.execute(db);
  // The project's own choice of a ready model of its team, else the team's (modules/ai-model's modelForProject).
  await sql`
    update ai_screenings s
    set ai_model_id = (
      select m.id
      from inspections i
      join projects p on p.id = i.project_id
      join ai_model_choices c on c.team_id = p.team_id and (c.project_id = p.id or c.project_id is null)
      join ai_models m on m.id = c.model_id and m.team_id = p.team_id
      where i.id = s.inspection_id and m.state = 'ready'
      order by c.project_id is null
      limit 1
    )
    where s.state in ('AI_In_Preparation', 'AI_QUEUE', 'AI_CHECKING', 'TASK_CANCELING')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('ai_screenings').dropColumn('ai_model_id').execute();
}

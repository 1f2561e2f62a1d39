import type { Kysely } from 'kysely';
import { AppError } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { createProjectModelRepo, storedModelBytes } from './project-model.repo.js';

/**
 * For the project's handover, once the project reads 'moving': the bytes its model holds (as
 * projectModelBytes counts them), which the target team takes over. An upload or an unzip underway refuses
 * the handover, since its bytes are bound to the old team until it ends. None can start meanwhile (the
 * model's entry points refuse a moving project under lockProject), and a completing upload becomes an
 * unzip in one transaction, so reading the upload before the model cannot miss both.
 */
export async function modelBytesForHandover(db: Kysely<Database>, projectId: number): Promise<number> {
  const repo = createProjectModelRepo(db);
  if (await repo.findUpload(projectId)) throw new AppError('PROJECT_MODEL_USER');
  const model = await repo.findModel(projectId);
  if (!model) return 0;
  if (model.state === 'unzipping') throw new AppError('PROJECT_MODEL_UNZIPPING');
  return storedModelBytes(model);
}

/**
 * For the project's handover, inside its transaction: the model now counts against the target team. Its
 * files stay where they are: the row keeps their storage key, by which tiles are served and the file
 * collector decides what is owned.
 */
export async function moveModelToTeam(db: Kysely<Database>, projectId: number, teamId: number): Promise<void> {
  await createProjectModelRepo(db).moveToTeam(projectId, teamId);
}

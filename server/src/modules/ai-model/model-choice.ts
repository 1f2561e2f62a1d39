import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { createAiModelRepo } from './ai-model.repo.js';

/** A learned model as screening runs it: its id and name (recorded on the defects it finds) and its stored files. */
export interface ScreeningModel {
  id: number;
  name: string;
  modelKey: string;
  sidecarKey: string;
}

/**
 * The model screening uses for a project: the project's choice, else its team's, else none (the built-in detector).
 * Only a model whose check ended well counts.
 */
export function createModelChoice(db: Kysely<Database>) {
  const repo = createAiModelRepo(db);
  const present = (row: { id: number; name: string; model_key: string; sidecar_key: string } | undefined) =>
    row ? { id: row.id, name: row.name, modelKey: row.model_key, sidecarKey: row.sidecar_key } : null;
  return {
    async modelFor(projectId: number): Promise<ScreeningModel | null> {
      return present(await repo.modelForProject(projectId));
    },

    /** A model a screening recorded when it started; null once it is deleted. */
    async model(id: number): Promise<ScreeningModel | null> {
      return present(await repo.findModel(id));
    },
  };
}

export type ModelChoice = ReturnType<typeof createModelChoice>;

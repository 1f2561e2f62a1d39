import {
  AppError,
  BUILT_IN_PROJECT_TYPE_CODES,
  CATALOGUES,
  LANGUAGES,
  type BuiltInProjectTypeCode,
  type Language,
  type ProjectType,
  type saveProjectTypeBodySchema,
} from '@sightline/shared';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { callerTeamId } from '../../platform/auth/auth-context.js';
import type { ProjectTypeRepo } from './project-type.repo.js';

type TypeRow = NonNullable<Awaited<ReturnType<ProjectTypeRepo['findForTeam']>>>;

function isBuiltInCode(code: string | null): code is BuiltInProjectTypeCode {
  return BUILT_IN_PROJECT_TYPE_CODES.some((builtIn) => builtIn === code);
}

/** The name a person reads: a built-in type's text in their language, or the team's own name. */
export function projectTypeName(type: { built_in: boolean; code: string | null; name: string }, language: Language) {
  return type.built_in && isBuiltInCode(type.code) ? CATALOGUES[language].projectType[type.code] : type.name;
}

/** Built-in names in every language: a team type may not pass for one of them. */
const BUILT_IN_NAMES = new Set(
  LANGUAGES.flatMap((language) =>
    BUILT_IN_PROJECT_TYPE_CODES.map((code) => CATALOGUES[language].projectType[code]),
  ).map((name) => name.toLowerCase()),
);

function presentType(row: TypeRow, language: Language): ProjectType {
  return {
    id: row.id,
    code: row.code,
    name: projectTypeName(row, language),
    nameKey: row.built_in ? `projectType.${row.code}` : null,
    icon: row.icon,
    enabled: row.enabled,
    builtIn: row.built_in,
    projectCount: Number(row.project_count ?? 0),
  };
}

/** Project types (SPEC section 3): the built-in ones and a team's own, each enabled or disabled per team. */
export function createProjectTypeService({ repo }: { repo: ProjectTypeRepo }) {
  async function requireType(auth: AuthContext, typeId: number) {
    const type = await repo.findForTeam(typeId, callerTeamId(auth));
    if (!type) throw new AppError('notFound');
    return type;
  }

  return {
    async list(auth: AuthContext, input: { enabledOnly?: boolean | undefined }, language: Language) {
      const rows = await repo.listForTeam(callerTeamId(auth), input.enabledOnly ?? false);
      return rows.map((row) => presentType(row, language));
    },

    /** Creates a team type, or updates one when `id` is given; built-in types are fixed. */
    async save(auth: AuthContext, input: z.output<typeof saveProjectTypeBodySchema>) {
      const teamId = callerTeamId(auth);
      const existing = input.id === undefined ? undefined : await requireType(auth, input.id);
      if (existing?.built_in) throw new AppError('PROJECT_TYPE_BUILT_IN');
      const name = input.name.trim();
      if (BUILT_IN_NAMES.has(name.toLowerCase()) || (await repo.nameTaken(teamId, name, existing?.id))) {
        throw new AppError('PROJECT_TYPE_NAME_ERROR');
      }
      const code = input.code?.trim() || null;
      if (code !== null && (await repo.codeTaken(teamId, code, existing?.id)))
        throw new AppError('PROJECT_TYPE_CODE_ERROR');
      if (existing) {
        await repo.updateType(existing.id, { name, icon: input.icon, ...(input.code !== undefined ? { code } : {}) });
        return { id: existing.id };
      }
      return { id: await repo.insertType({ teamId, name, icon: input.icon, code }) };
    },

    async remove(auth: AuthContext, typeId: number) {
      const type = await requireType(auth, typeId);
      if (type.built_in) throw new AppError('PROJECT_TYPE_BUILT_IN');
      if (await repo.hasProjects(type.id)) throw new AppError('PROJECT_TYPE_IN_USE');
      await repo.deleteType(type.id);
    },

    /** Disabling hides a type from new projects; projects that already have it keep it. */
    async setEnabled(auth: AuthContext, input: { id: number; enabled: boolean }) {
      const type = await requireType(auth, input.id);
      await repo.setEnabled(callerTeamId(auth), type.id, input.enabled);
    },
  };
}

export type ProjectTypeService = ReturnType<typeof createProjectTypeService>;

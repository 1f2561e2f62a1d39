import type { z } from 'zod';
import {
  AppError,
  BUILT_IN_DEFECT_TYPE_CODES,
  CATALOGUES,
  LANGUAGES,
  type BuiltInDefectTypeCode,
  type DefectShapeKind,
  type DefectType,
  type Language,
  type Page,
  type defectTypeItemSchema,
  type updateDefectTypeBodySchema,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { DefectTypeRepo, DefectTypeRow } from './defect-type.repo.js';

type DefectTypeItem = z.output<typeof defectTypeItemSchema>;

function isBuiltInCode(code: string | null): code is BuiltInDefectTypeCode {
  return BUILT_IN_DEFECT_TYPE_CODES.some((builtIn) => builtIn === code);
}

/** Built-in names in every language and their stored names: a project's own type may not pass for one. */
const BUILT_IN_NAMES = new Set(
  [
    ...LANGUAGES.flatMap((language) =>
      BUILT_IN_DEFECT_TYPE_CODES.map((code) => CATALOGUES[language].diseaseType[code]),
    ),
    ...BUILT_IN_DEFECT_TYPE_CODES,
  ].map((name) => name.toLowerCase()),
);

function presentType(row: DefectTypeRow, language: Language): DefectType {
  const builtInCode = row.built_in && isBuiltInCode(row.code) ? row.code : null;
  return {
    id: row.id,
    projectId: row.project_id,
    code: row.code,
    name: builtInCode ? CATALOGUES[language].diseaseType[builtInCode] : row.name,
    nameKey: builtInCode ? `diseaseType.${builtInCode}` : null,
    color: row.color,
    shapeKind: row.shape_kind,
    visibleOnAdd: row.visible_on_add,
    system: row.built_in,
  };
}

/**
 * Defect types of SPEC section 3: twenty built-in ones every project shares, which nobody edits, and a
 * project's own with a name, a marker colour and whether they are offered when adding a defect.
 */
export function createDefectTypeService({ repo, access }: { repo: DefectTypeRepo; access: ProjectAccess }) {
  async function listFor(auth: AuthContext, projectId: number, language: Language) {
    await access.require(auth, projectId);
    return (await repo.listForProject(projectId)).map((row) => presentType(row, language));
  }

  /** Names must be new: not repeated in the request, not a built-in name, not used by the project. */
  async function checkNames(projectId: number, names: string[], exceptId?: number) {
    const repeated = names.find(
      (name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) !== index,
    );
    const builtIn = names.find((name) => BUILT_IN_NAMES.has(name.toLowerCase()));
    const taken = repeated ?? builtIn ?? (await repo.takenNames(projectId, names, exceptId))[0];
    if (taken !== undefined) throw new AppError('DISEASE_TYPE_NAME_ERROR', { params: { name: taken } });
  }

  /** A project's own type the caller may change; built-in types answer DISEASE_TYPE_UPDATE_ERROR. */
  async function requireOwnType(auth: AuthContext, typeId: number) {
    const type = await repo.findType(typeId);
    if (!type) throw new AppError('notFound');
    if (type.built_in || type.project_id === null) throw new AppError('DISEASE_TYPE_UPDATE_ERROR');
    await access.require(auth, type.project_id, { change: true });
    return { ...type, project_id: type.project_id };
  }

  async function add(auth: AuthContext, projectId: number, items: DefectTypeItem[]) {
    await access.require(auth, projectId, { change: true });
    await checkNames(
      projectId,
      items.map((item) => item.name),
    );
    const values = items.map((item) => ({
      name: item.name,
      color: item.color,
      shapeKind: item.shapeKind ?? ('area' satisfies DefectShapeKind),
      visibleOnAdd: item.visibleOnAdd ?? true,
    }));
    return refusingDuplicates(repo.insertMany(projectId, values), 'DISEASE_TYPE_NAME_ERROR');
  }

  return {
    list: listFor,

    async listFiltered(
      auth: AuthContext,
      input: { projectId: number; shapeKind?: DefectShapeKind | undefined; system?: boolean | undefined },
      language: Language,
    ) {
      const types = await listFor(auth, input.projectId, language);
      return types.filter(
        (type) =>
          (input.shapeKind === undefined || type.shapeKind === input.shapeKind) &&
          (input.system === undefined || type.system === input.system),
      );
    },

    /** Types offered when a defect is added (or, with visibleOnAdd false, the ones hidden there). */
    async listForAdding(
      auth: AuthContext,
      input: { projectId: number; visibleOnAdd?: boolean | undefined },
      language: Language,
    ) {
      const wanted = input.visibleOnAdd ?? true;
      return (await listFor(auth, input.projectId, language)).filter((type) => type.visibleOnAdd === wanted);
    },

    /** Paged in memory: a project has a few dozen types, and names must match in the caller's language. */
    async page(
      auth: AuthContext,
      input: { projectId: number; pageNum: number; pageSize: number; keyword?: string | undefined },
      language: Language,
    ): Promise<Page<DefectType>> {
      const keyword = input.keyword?.toLowerCase();
      const types = (await listFor(auth, input.projectId, language)).filter(
        (type) => !keyword || type.name.toLowerCase().includes(keyword),
      );
      const start = (input.pageNum - 1) * input.pageSize;
      return {
        records: types.slice(start, start + input.pageSize),
        total: types.length,
        pageNum: input.pageNum,
        pageSize: input.pageSize,
      };
    },

    async create(auth: AuthContext, input: DefectTypeItem & { projectId: number }) {
      const [id] = await add(auth, input.projectId, [input]);
      return { id: id as number };
    },

    async createMany(auth: AuthContext, input: { projectId: number; items: DefectTypeItem[] }) {
      return { ids: await add(auth, input.projectId, input.items) };
    },

    async update(auth: AuthContext, input: z.output<typeof updateDefectTypeBodySchema>) {
      const type = await requireOwnType(auth, input.id);
      if (input.name !== undefined) await checkNames(type.project_id, [input.name], type.id);
      const values = {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color.toUpperCase() } : {}),
        ...(input.visibleOnAdd !== undefined ? { visible_on_add: input.visibleOnAdd } : {}),
      };
      await refusingDuplicates(repo.update(type.id, values), 'DISEASE_TYPE_NAME_ERROR');
      return { id: type.id };
    },

    async remove(auth: AuthContext, typeId: number) {
      const type = await requireOwnType(auth, typeId);
      if (await repo.isBoundToDefects(type.id)) throw new AppError('DISEASE_TYPE_BING_DISEASE');
      await repo.deleteType(type.id);
    },
  };
}

export type DefectTypeService = ReturnType<typeof createDefectTypeService>;

import { AppError, type DefectField, type DefectFieldItem } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import type { ProjectAccess } from '../project/project-access.js';
import { readDefectFieldFile } from './defect-field-import.js';
import type { DefectFieldRepo, DefectFieldRow } from './defect-field.repo.js';

function presentField(row: DefectFieldRow): DefectField {
  return {
    id: row.id,
    projectId: row.project_id,
    name: row.name,
    widget: row.widget,
    options: row.options,
    visibleWhenMarking: row.visible_when_marking,
    sort: row.sort,
  };
}

/** A text input keeps no options, whatever the form sent. */
function normalize(field: DefectFieldItem): DefectFieldItem {
  return field.widget === 'input' ? { ...field, options: [] } : field;
}

/** Defect fields of a project (SPEC section 3): input, single- or multi-select dropdown, names unique. */
export function createDefectFieldService({ repo, access }: { repo: DefectFieldRepo; access: ProjectAccess }) {
  async function checkNames(projectId: number, names: string[], exceptId?: number) {
    const repeated = names.find(
      (name, index) => names.findIndex((other) => other.toLowerCase() === name.toLowerCase()) !== index,
    );
    const taken = repeated ?? (await repo.takenNames(projectId, names, exceptId))[0];
    if (taken !== undefined) throw new AppError('DISEASE_FIELD_NAME_ERROR', { params: { name: taken } });
  }

  async function add(auth: AuthContext, projectId: number, fields: DefectFieldItem[]) {
    await access.require(auth, projectId, { change: true });
    await checkNames(
      projectId,
      fields.map((field) => field.name),
    );
    return refusingDuplicates(repo.insertMany(projectId, fields.map(normalize)), 'DISEASE_FIELD_NAME_ERROR');
  }

  async function requireField(auth: AuthContext, fieldId: number) {
    const field = await repo.findField(fieldId);
    if (!field) throw new AppError('notFound');
    await access.require(auth, field.project_id, { change: true });
    return field;
  }

  return {
    async list(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId);
      return (await repo.listForProject(projectId)).map(presentField);
    },

    async create(auth: AuthContext, input: DefectFieldItem & { projectId: number }) {
      const { projectId, ...field } = input;
      const [id] = await add(auth, projectId, [field]);
      return { id: id as number };
    },

    async update(auth: AuthContext, input: DefectFieldItem & { id: number }) {
      const { id, ...field } = input;
      const existing = await requireField(auth, id);
      await checkNames(existing.project_id, [field.name], existing.id);
      await refusingDuplicates(repo.update(existing.id, normalize(field)), 'DISEASE_FIELD_NAME_ERROR');
      return { id: existing.id };
    },

    async remove(auth: AuthContext, fieldId: number) {
      const field = await requireField(auth, fieldId);
      await repo.deleteField(field.id);
    },

    /** Adds every field of the file, or none: a bad row or a taken name refuses the whole file. */
    async importFile(auth: AuthContext, projectId: number, data: Buffer) {
      await access.require(auth, projectId, { change: true });
      const fields = readDefectFieldFile(data);
      return { imported: (await add(auth, projectId, fields)).length };
    },
  };
}

export type DefectFieldService = ReturnType<typeof createDefectFieldService>;

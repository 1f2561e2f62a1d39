import type { defectCalls } from '@sightline/shared';
import { AppError, DEFECT_LIST_MAX, type CallBodyOf, type Defect, type DefectFilter } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { DefectFieldRepo } from '../defect-field/defect-field.repo.js';
import type { DiseaseFilterRepo, FilterRangeValues } from '../disease-filter/disease-filter.repo.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { MarkerRepo } from '../spatial-marker/spatial-marker.repo.js';
import type { NearestComponent } from './defect-binding.js';
import type { MeasureDefect } from './defect-measure.js';
import type { DefectChanges, DefectRepo, DefectRow } from './defect.repo.js';

type CreateBody = CallBodyOf<typeof defectCalls.create>;
type UpdateBody = CallBodyOf<typeof defectCalls.update>;
type FieldValues = Record<string, string | string[]>;

export interface DefectServiceDeps {
  repo: DefectRepo;
  access: Pick<ProjectAccess, 'require'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage' | 'findImages'>;
  config: Pick<DiseaseFilterRepo, 'usableTypeIds' | 'findRange'>;
  fields: Pick<DefectFieldRepo, 'listForProject'>;
  markers: Pick<MarkerRepo, 'findNode'>;
  measure: MeasureDefect;
  bindComponent: NearestComponent;
  /** Refuses changes to the defects of inspections being screened by the AI. */
  screeningLock: (inspectionIds: Iterable<number>) => Promise<void>;
}

const shapeColumns = (shape: CreateBody['shape']) => ({
  shape_kind: shape.kind,
  points: shape.points,
  width_px: shape.widthPx ?? null,
});

export const code = (number: number) => `D-${String(number).padStart(4, '0')}`;

export function presentDefect(row: DefectRow): Defect {
  return {
    id: row.id,
    code: code(row.number),
    inspectionId: row.inspection_id,
    projectId: row.project_id,
    imageId: row.image_id,
    imageName: row.image_name,
    typeId: row.type_id,
    level: row.level,
    shape: { kind: row.shape_kind, points: row.points, widthPx: row.width_px },
    size: { lengthM: row.length_m, widthMm: row.width_mm, areaM2: row.area_m2 },
    sizeBasis: row.size_basis,
    sizeEdited: row.size_edited
      ? { lengthM: row.edited_length_m, widthMm: row.edited_width_mm, areaM2: row.edited_area_m2 }
      : null,
    description: row.description,
    fields: row.fields,
    markerId: row.marker_id,
    star: row.star,
    source: row.source,
    position:
      row.lon !== null && row.lat !== null && row.height !== null
        ? { lon: row.lon, lat: row.lat, height: row.height }
        : null,
    locationState: row.location_state,
    createdBy: row.created_by,
    createdByName: row.created_by_name,
    updatedBy: row.updated_by,
    updatedByName: row.updated_by_name,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** The project's damage filter range (SPEC section 3), if it has one. */
export async function damageFilterRange(
  config: Pick<DiseaseFilterRepo, 'findRange'>,
  projectId: number,
): Promise<FilterRangeValues | undefined> {
  const range = await config.findRange(projectId);
  return (
    range && {
      crackLengthMin: range.crack_length_min,
      crackLengthMax: range.crack_length_max,
      crackWidthMin: range.crack_width_min,
      crackWidthMax: range.crack_width_max,
      areaMin: range.area_min,
      areaMax: range.area_max,
    }
  );
}

/** The defects of the ids (each once), every one live and of a project the caller sees, or may change with `change`. */
export function defectGuard(repo: Pick<DefectRepo, 'findDefects'>, access: Pick<ProjectAccess, 'require'>) {
  return async (auth: AuthContext, ids: readonly number[], change: boolean) => {
    const unique = [...new Set(ids)];
    const rows = await repo.findDefects(unique);
    if (rows.length !== unique.length) throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
    for (const projectId of new Set(rows.map((row) => row.project_id))) {
      await access.require(auth, projectId, { change });
    }
    return rows;
  };
}

/**
 * Defects drawn on inspection photos (SPEC sections 3, 5 and 7): create, edit, read, list, star and delete. Every call
 * checks the caller's rights on the defect's project (changes need them to change it); a photo or defect of a binned
 * inspection or project is not found. Sizes are measured from the drawn shape whenever it changes.
 */
export function createDefectService(deps: DefectServiceDeps) {
  const { repo, access } = deps;

  async function requirePhoto(auth: AuthContext, imageId: number, change: boolean) {
    const photo = await deps.images.findImage(imageId);
    if (!photo) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    await access.require(auth, photo.project_id, { change });
    return photo;
  }

  const requireDefects = defectGuard(repo, access);

  async function requireDefect(auth: AuthContext, id: number, change: boolean) {
    return (await requireDefects(auth, [id], change))[0]!;
  }

  async function checkType(projectId: number, typeId: number | undefined) {
    if (typeId === undefined) return;
    if (!(await deps.config.usableTypeIds(projectId, [typeId])).has(typeId)) {
      throw new AppError('DISEASE_TYPE_NOT_EXISTING');
    }
  }

  /** A component the defect is on: a marker (not a group) of the defect's project. */
  async function checkMarker(projectId: number, markerId: number | null | undefined) {
    if (markerId === null || markerId === undefined) return;
    const node = await deps.markers.findNode(markerId);
    if (!node || node.project_id !== projectId || node.kind !== 'marker') {
      throw new AppError('SPACE_MARKING_NOT_EXISTING');
    }
  }

  /** Values only for the project's fields: text for an input, offered options for a dropdown (one, or several). */
  async function checkFields(projectId: number, values: FieldValues | undefined) {
    const entries = Object.entries(values ?? {});
    if (entries.length === 0) return;
    const fields = new Map((await deps.fields.listForProject(projectId)).map((field) => [String(field.id), field]));
    for (const [id, value] of entries) {
      const field = fields.get(id);
      const chosen = Array.isArray(value) ? value : [value];
      const fits =
        field !== undefined &&
        (field.widget === 'input'
          ? !Array.isArray(value)
          : (field.widget === 'multi' || chosen.length <= 1) && chosen.every((v) => field.options.includes(v)));
      if (!fits) throw new AppError('DISEASE_FIELD_VALUE_ERROR');
    }
  }

  /** What a defect refers to must be of its project: its type, its component, its custom fields. */
  async function checkReferences(
    projectId: number,
    body: { typeId?: number; markerId?: number | null; fields?: FieldValues },
  ) {
    await Promise.all([
      checkType(projectId, body.typeId),
      checkMarker(projectId, body.markerId),
      checkFields(projectId, body.fields),
    ]);
  }

  async function present(id: number): Promise<Defect> {
    const row = await repo.findDefect(id);
    if (!row) throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
    return presentDefect(row);
  }

  const requireInspection = inspectionGuard(deps.inspections, access);

  async function page(auth: AuthContext, filter: DefectFilter, paging: { offset: number; limit: number }) {
    const { inspection } = await requireInspection(auth, filter.inspectionId);
    const found = await repo.page(filter, await damageFilterRange(deps.config, inspection.project_id), paging);
    return { ...found, records: found.records.map(presentDefect) };
  }

  return {
    async create(auth: AuthContext, body: CreateBody): Promise<Defect> {
      const photo = await requirePhoto(auth, body.imageId, true);
      await deps.screeningLock([photo.inspection_id]);
      await checkReferences(photo.project_id, body);
      const measured = await deps.measure(photo, body.shape);
      // A located defect marked without a component goes to the nearest one within the binding range.
      const markerId =
        body.markerId ??
        (await deps.bindComponent({ projectId: photo.project_id, inspectionId: photo.inspection_id, ...measured }));
      const id = await repo.insert(
        { projectId: photo.project_id, inspectionId: photo.inspection_id, imageId: photo.id, userId: auth.userId },
        {
          ...measured,
          ...shapeColumns(body.shape),
          type_id: body.typeId,
          level: body.level,
          edited_length_m: null,
          edited_width_mm: null,
          edited_area_m2: null,
          marker_id: markerId,
          description: body.description,
          fields: body.fields,
        },
        'manual',
      );
      return present(id);
    },

    async update(auth: AuthContext, body: UpdateBody): Promise<Defect> {
      const defect = await requireDefect(auth, body.id, true);
      await deps.screeningLock([defect.inspection_id]);
      await checkReferences(defect.project_id, body);
      const changes: DefectChanges = {
        type_id: body.typeId,
        level: body.level,
        description: body.description,
        fields: body.fields,
        marker_id: body.markerId,
      };
      if (body.shape) {
        const photo = await requirePhoto(auth, defect.image_id, true);
        const measured = await deps.measure(photo, body.shape);
        Object.assign(changes, measured, shapeColumns(body.shape));
        // Placed again without a component (and not just unbound by this edit): bound as a new defect would be.
        if (body.markerId === undefined && defect.marker_id === null) {
          changes.marker_id = await deps.bindComponent({
            projectId: defect.project_id,
            inspectionId: defect.inspection_id,
            ...measured,
          });
        }
      }
      if (body.sizeEdited !== undefined) {
        const edited = body.sizeEdited;
        Object.assign(changes, {
          size_edited: edited !== null,
          edited_length_m: edited?.lengthM ?? null,
          edited_width_mm: edited?.widthMm ?? null,
          edited_area_m2: edited?.areaM2 ?? null,
        });
      }
      await repo.update([defect.id], changes, auth.userId);
      return present(defect.id);
    },

    async get(auth: AuthContext, id: number): Promise<Defect> {
      return presentDefect(await requireDefect(auth, id, false));
    },

    async details(auth: AuthContext, id: number) {
      const defect = await requireDefect(auth, id, false);
      const names = await repo.names(defect);
      return {
        defect: presentDefect(defect),
        typeName: names.name,
        typeNameKey: names.built_in && names.code ? `diseaseType.${names.code}` : null,
        typeColor: names.color,
        markerName: names.marker_name,
      };
    },

    async remove(auth: AuthContext, ids: readonly number[]) {
      const defects = await requireDefects(auth, ids, true);
      await deps.screeningLock(defects.map((defect) => defect.inspection_id));
      return { count: await repo.remove(defects.map((defect) => defect.id)) };
    },

    page(auth: AuthContext, body: CallBodyOf<typeof defectCalls.page>) {
      const { pageNum, pageSize, ...filter } = body;
      return page(auth, filter, { offset: (pageNum - 1) * pageSize, limit: pageSize }).then((found) => ({
        ...found,
        pageNum,
        pageSize,
      }));
    },

    list(auth: AuthContext, filter: DefectFilter) {
      return page(auth, filter, { offset: 0, limit: DEFECT_LIST_MAX });
    },

    /** Every defect of the photos (the image editor's view: the damage filter range does not apply). */
    async ofImages(auth: AuthContext, imageIds: readonly number[]) {
      const unique = [...new Set(imageIds)];
      const photos = await deps.images.findImages(unique);
      if (photos.length !== unique.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      for (const projectId of new Set(photos.map((photo) => photo.project_id))) {
        await access.require(auth, projectId);
      }
      return (await repo.ofImages(unique)).map(presentDefect);
    },

    async updateMany(auth: AuthContext, body: CallBodyOf<typeof defectCalls.updateMany>) {
      const defects = await requireDefects(auth, body.ids, true);
      await deps.screeningLock(defects.map((defect) => defect.inspection_id));
      for (const projectId of new Set(defects.map((defect) => defect.project_id))) {
        await checkType(projectId, body.typeId);
      }
      const ids = defects.map((defect) => defect.id);
      await repo.update(ids, { type_id: body.typeId, level: body.level, description: body.description }, auth.userId);
      return { count: ids.length };
    },

    async setStar(auth: AuthContext, ids: readonly number[], star: boolean) {
      const defects = await requireDefects(auth, ids, true);
      const chosen = defects.map((defect) => defect.id);
      await repo.update(chosen, { star }, auth.userId);
      return { count: chosen.length };
    },
  };
}

export type DefectService = ReturnType<typeof createDefectService>;

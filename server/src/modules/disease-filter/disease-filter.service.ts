import type { DefectFilterRange, FilterDimension, ReportFilterConfiguration } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { fieldError } from '../../platform/http/field-error.js';
import { type ProjectAccess } from '../project/project-access.js';
import type { DiseaseFilterRepo, FilterRangeValues } from './disease-filter.repo.js';

/**
 * The damage filter range (defects under it are hidden: cracks by length in m and width in mm, others
 * by area in m²) and the report filter (which defect types and size intervals a report includes).
 * The range rules of SPEC section 5 are checked by the shared schemas.
 */
export function createDiseaseFilterService({ repo, access }: { repo: DiseaseFilterRepo; access: ProjectAccess }) {
  async function configuration(projectId: number): Promise<ReportFilterConfiguration> {
    const [ranges, diseaseTypeIds] = await Promise.all([
      repo.listReportRanges(projectId),
      repo.listReportTypeIds(projectId),
    ]);
    return {
      projectId,
      ranges: ranges.map((range) => ({
        id: range.id,
        dimension: range.dimension,
        min: range.min_value,
        max: range.max_value,
      })),
      diseaseTypeIds,
    };
  }

  return {
    /** The project's range; every bound is null until someone sets it. */
    async range(auth: AuthContext, projectId: number): Promise<DefectFilterRange> {
      await access.require(auth, projectId);
      const row = await repo.findRange(projectId);
      return {
        projectId,
        crackLengthMin: row?.crack_length_min ?? null,
        crackLengthMax: row?.crack_length_max ?? null,
        crackWidthMin: row?.crack_width_min ?? null,
        crackWidthMax: row?.crack_width_max ?? null,
        areaMin: row?.area_min ?? null,
        areaMax: row?.area_max ?? null,
      };
    },

    async saveRange(auth: AuthContext, input: FilterRangeValues & { projectId: number }) {
      const { projectId, ...range } = input;
      await access.require(auth, projectId, { change: true });
      await repo.saveRange(projectId, range, auth.userId);
      return { ...range, projectId };
    },

    async configuration(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId);
      return configuration(projectId);
    },

    async saveRanges(
      auth: AuthContext,
      input: { projectId: number; ranges: Array<{ dimension: FilterDimension; min: number; max: number }> },
    ) {
      await access.require(auth, input.projectId, { change: true });
      await repo.replaceReportRanges(input.projectId, input.ranges);
      return configuration(input.projectId);
    },

    async saveTypes(auth: AuthContext, input: { projectId: number; diseaseTypeIds: number[] }) {
      await access.require(auth, input.projectId, { change: true });
      const usable = await repo.usableTypeIds(input.projectId, input.diseaseTypeIds);
      const unknown = input.diseaseTypeIds.findIndex((id) => !usable.has(id));
      if (unknown !== -1) throw fieldError(`diseaseTypeIds.${unknown}`, 'invalidValue');
      await repo.replaceReportTypes(input.projectId, input.diseaseTypeIds);
      return configuration(input.projectId);
    },

    /** Empties the type selection: the report then includes every type again. */
    async clearTypes(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId, { change: true });
      await repo.replaceReportTypes(projectId, []);
      return configuration(projectId);
    },
  };
}

export type DiseaseFilterService = ReturnType<typeof createDiseaseFilterService>;

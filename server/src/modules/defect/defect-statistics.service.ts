import {
  DEFECT_NEAR_MAX,
  LIMITS,
  type CallBodyOf,
  type DefectFilter,
  type defectAnalysisCalls,
} from '@sightline/shared';
import { ecefDistance, wgs84, wgs84ToEcef } from '@sightline/geo';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { DiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { DefectAnalysisRepo } from './defect-analysis.repo.js';
import { code, damageFilterRange, presentDefect } from './defect.service.js';
import type { DefectRepo } from './defect.repo.js';

export interface DefectStatisticsDeps {
  analysis: DefectAnalysisRepo;
  repo: Pick<DefectRepo, 'findDefects'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require'>;
  config: Pick<DiseaseFilterRepo, 'findRange'>;
}

/** Metres in a degree of latitude, rounded up: a box a little larger than the sphere it must hold. */
const METRES_PER_DEGREE = 111_000;

/**
 * Counts of an inspection's defects by type, level and component (SPEC section 7, `/space/find/*`), their places for
 * the 3D view, and the previous inspection's defects near a point. The counts and places take the defect list's
 * filters, the damage filter range included (so they count what the list shows, and say how many it hides).
 */
export function createDefectStatisticsService(deps: DefectStatisticsDeps) {
  const { analysis } = deps;
  const requireInspection = inspectionGuard(deps.inspections, deps.access);

  async function scope(auth: AuthContext, filter: DefectFilter) {
    const { inspection } = await requireInspection(auth, filter.inspectionId);
    const range = await damageFilterRange(deps.config, inspection.project_id);
    return { range, hiddenCount: await analysis.hiddenCount(filter, range) };
  }

  const counted = <T extends { count: number }>(items: T[], hiddenCount: number) => ({
    items,
    total: items.reduce((sum, item) => sum + item.count, 0),
    hiddenCount,
  });

  return {
    async byType(auth: AuthContext, filter: DefectFilter) {
      const { range, hiddenCount } = await scope(auth, filter);
      const rows = await analysis.countByType(filter, range);
      return counted(
        rows.map((row) => ({
          typeId: row.type_id,
          name: row.name,
          nameKey: row.built_in && row.code ? `diseaseType.${row.code}` : null,
          color: row.color,
          count: Number(row.count),
        })),
        hiddenCount,
      );
    },

    /** Every level from 1 to 5, with none counted as 0. */
    async byLevel(auth: AuthContext, filter: DefectFilter) {
      const { range, hiddenCount } = await scope(auth, filter);
      const counts = new Map((await analysis.countByLevel(filter, range)).map((row) => [row.level, Number(row.count)]));
      const levels = [];
      for (let level = LIMITS.defectScale.min; level <= LIMITS.defectScale.max; level++) {
        levels.push({ level, count: counts.get(level) ?? 0 });
      }
      return counted(levels, hiddenCount);
    },

    async byComponent(auth: AuthContext, filter: DefectFilter) {
      const { range, hiddenCount } = await scope(auth, filter);
      const rows = await analysis.countByComponent(filter, range);
      return counted(
        rows.map((row) => ({ markerId: row.marker_id, markerName: row.marker_name, count: Number(row.count) })),
        hiddenCount,
      );
    },

    async coordinates(auth: AuthContext, filter: DefectFilter) {
      const { range, hiddenCount } = await scope(auth, filter);
      const { records, total } = await analysis.coordinates(filter, range);
      return {
        records: records.map((row) => ({
          id: row.id,
          code: code(row.number),
          imageId: row.image_id,
          typeId: row.type_id,
          level: row.level,
          shapeKind: row.shape_kind,
          markerId: row.marker_id,
          position: { lon: row.lon!, lat: row.lat!, height: row.height! },
        })),
        total,
        hiddenCount,
      };
    },

    /**
     * The previous inspection's located defects within `distanceM` of a point, nearest first (at most
     * DEFECT_NEAR_MAX): a box in degrees and metres narrows them in SQL, the distance in ECEF decides.
     */
    async oldNear(auth: AuthContext, body: CallBodyOf<typeof defectAnalysisCalls.oldNear>) {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const previousId = inspection.previous_inspection_id;
      const previous = previousId === null ? undefined : await deps.inspections.findInspection(previousId);
      if (!previous || previous.project_id !== inspection.project_id) {
        return { previousInspectionId: null, records: [] };
      }
      const { lon, lat, height } = body.position;
      const degrees = body.distanceM / METRES_PER_DEGREE;
      const lonDegrees = degrees / Math.max(Math.cos((lat * Math.PI) / 180), 1e-6);
      const around = await analysis.idsInBox(previous.id, {
        lonMin: lon - lonDegrees,
        lonMax: lon + lonDegrees,
        latMin: lat - degrees,
        latMax: lat + degrees,
        heightMin: height - body.distanceM,
        heightMax: height + body.distanceM,
      });
      const centre = wgs84ToEcef(wgs84(lon, lat, height));
      const near = around
        .map((row) => ({
          id: row.id,
          distanceM: ecefDistance(centre, wgs84ToEcef(wgs84(row.lon, row.lat, row.height))),
        }))
        .filter((row) => row.distanceM <= body.distanceM)
        .sort((a, b) => a.distanceM - b.distanceM || a.id - b.id)
        .slice(0, DEFECT_NEAR_MAX);
      if (near.length === 0) return { previousInspectionId: previous.id, records: [] };
      const defects = new Map((await deps.repo.findDefects(near.map((row) => row.id))).map((row) => [row.id, row]));
      return {
        previousInspectionId: previous.id,
        records: near.flatMap((row) => {
          const defect = defects.get(row.id);
          return defect ? [{ defect: presentDefect(defect), distanceM: row.distanceM }] : [];
        }),
      };
    },
  };
}

export type DefectStatisticsService = ReturnType<typeof createDefectStatisticsService>;

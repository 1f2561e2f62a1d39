import type { RepeatDefects, RepeatDefectsBody, RepeatMember } from '@sightline/shared';
import { ecefDistance, findRepeatedDefects, pixelExtent, wgs84, wgs84ToEcef } from '@sightline/geo';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { DefectAnalysisRepo } from './defect-analysis.repo.js';
import { code } from './defect.service.js';
import type { DefectRepo } from './defect.repo.js';

type Candidate = Awaited<ReturnType<DefectAnalysisRepo['repeatCandidates']>>[number];

export interface DefectRepeatDeps {
  analysis: Pick<DefectAnalysisRepo, 'repeatCandidates'>;
  repo: Pick<DefectRepo, 'remove'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require'>;
}

/**
 * Repeated defects of an inspection (SPEC sections 2 and 5; the rule and the best view are packages/geo
 * defect-repeat.ts): the groups listed, and deleted in one action keeping each group's best view. The deletion works
 * the groups out again from the same request, so it deletes what the data says now, not what a list showed earlier.
 */
export function createDefectRepeatService(deps: DefectRepeatDeps) {
  const requireInspection = inspectionGuard(deps.inspections, deps.access);

  async function groups(body: RepeatDefectsBody) {
    const rows = await deps.analysis.repeatCandidates(body.inspectionId, body.typeIds);
    const located = rows.filter((row) => row.located);
    const candidates = located.map((row) => {
      const position = wgs84ToEcef(wgs84(row.lon!, row.lat!, row.height!));
      const camera =
        row.longitude !== null && row.latitude !== null && row.altitude !== null
          ? wgs84ToEcef(wgs84(row.longitude, row.latitude, row.altitude))
          : null;
      return {
        id: row.id,
        typeId: row.type_id,
        imageId: row.image_id,
        position,
        cameraDistanceM: camera && ecefDistance(camera, position),
        extentPx: pixelExtent(row.points),
      };
    });
    const found = findRepeatedDefects(candidates, body.distanceM);
    const rowsById = new Map(located.map((row) => [row.id, row]));
    const distances = new Map(candidates.map((candidate) => [candidate.id, candidate.cameraDistanceM]));
    const member = (id: number): RepeatMember => present(rowsById.get(id)!, distances.get(id) ?? null);
    return {
      groups: found.map((group) => ({ keep: member(group.keepId), repeated: group.repeatedIds.map(member) })),
      comparedCount: located.length,
      unlocatedCount: rows.length - located.length,
    };
  }

  return {
    async list(auth: AuthContext, body: RepeatDefectsBody): Promise<RepeatDefects> {
      await requireInspection(auth, body.inspectionId);
      return groups(body);
    },

    async remove(auth: AuthContext, body: RepeatDefectsBody): Promise<{ count: number }> {
      await requireInspection(auth, body.inspectionId, { change: true });
      const found = await groups(body);
      const ids = found.groups.flatMap((group) => group.repeated.map((repeated) => repeated.id));
      return { count: ids.length ? await deps.repo.remove(ids) : 0 };
    },
  };
}

function present(row: Candidate, cameraDistanceM: number | null): RepeatMember {
  return {
    id: row.id,
    code: code(row.number),
    imageId: row.image_id,
    imageName: row.image_name,
    typeId: row.type_id,
    level: row.level,
    size: { lengthM: row.length_m, widthMm: row.width_mm, areaM2: row.area_m2 },
    cameraDistanceM,
  };
}

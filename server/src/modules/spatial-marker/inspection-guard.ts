import { AppError } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';

/** A live inspection in a live project the caller sees (and may change, with `change`), as the markers ask for it. */
export function inspectionGuard(
  inspections: Pick<InspectionRepo, 'findInspection'>,
  access: Pick<ProjectAccess, 'require'>,
) {
  return async (auth: AuthContext, inspectionId: number, options: { change?: boolean } = {}) => {
    const inspection = await inspections.findInspection(inspectionId);
    if (!inspection) throw new AppError('INSPECTION_NOT_EXISTING');
    await access.require(auth, inspection.project_id, options);
    return inspection;
  };
}

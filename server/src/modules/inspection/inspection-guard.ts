import { AppError } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { InspectionRepo } from './inspection.repo.js';

/**
 * The check every call on an inspection starts with: a live inspection in a live project the caller sees (and may
 * change, with `change`), answered with its project. Shared by the inspection's own services and the domains on it.
 */
export function inspectionGuard(
  inspections: Pick<InspectionRepo, 'findInspection'>,
  access: Pick<ProjectAccess, 'require'>,
) {
  return async (auth: AuthContext, inspectionId: number, options: { change?: boolean } = {}) => {
    const inspection = await inspections.findInspection(inspectionId);
    if (!inspection) throw new AppError('INSPECTION_NOT_EXISTING');
    const project = await access.require(auth, inspection.project_id, options);
    return { inspection, project };
  };
}

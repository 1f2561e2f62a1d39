import { teamFunctionCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { callerTeamId } from '../../platform/auth/auth-context.js';
import type { TeamFunctionService } from './team-function.service.js';

const tags = ['team'];

export function registerTeamFunctionRoutes(router: Router, deps: { functions: TeamFunctionService }): void {
  const { functions } = deps;

  router.user({
    call: teamFunctionCalls.functionsOf,
    summary: "The current team's function packages: state, activation, expiry and validity in days",
    tags,
    permission: 'team:function:view',
    handler: ({ auth }) => functions.functionsOf(callerTeamId(auth)),
  });

  router.user({
    call: teamFunctionCalls.businessEntries,
    summary: 'The business selection entries, each enabled while its function package is active',
    tags,
    permission: 'team:view',
    handler: ({ auth, query }) => functions.businessEntries(auth, callerTeamId(auth), query.projectId),
  });
}

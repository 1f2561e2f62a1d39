import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createInvitationRepo } from './invitation.repo.js';
import { registerInvitationRoutes } from './invitation.routes.js';
import { createInvitationService } from './invitation.service.js';
import { createQuotaService, type QuotaService } from './quota.service.js';
import { createTeamRepo } from './team.repo.js';
import { registerTeamRoutes } from './team.routes.js';
import { createTeamService } from './team.service.js';

/** Reserve, release and usage of a team's storage, for every module that stores bytes. */
export const QUOTA = defineProvision<QuotaService>('team.quota');

type InvitableProjects = Parameters<typeof createInvitationService>[0]['projects'];
/** The team's live projects an invitation link may grant: the project module answers, the team core knows none. */
export const INVITABLE_PROJECTS = defineProvision<InvitableProjects>('team.invitableProjects');

/** The bottom floor: teams, their members, invitations and storage quota. */
export const teamModule: ModuleDefinition = {
  name: 'team',
  register(context) {
    const { database, bus } = context;
    const teams = createTeamRepo(database.db);
    context.provide(QUOTA, createQuotaService({ db: database.db }));
    const projects = context.useLater(INVITABLE_PROJECTS);
    const invitations = createInvitationService({
      repo: createInvitationRepo(database.db),
      teams,
      projects: { listRefs: (filter) => projects().listRefs(filter) },
      bus,
    });
    context.routes((router) => {
      registerTeamRoutes(router, { teams: createTeamService({ repo: teams, bus }) });
      registerInvitationRoutes(router, { invitations });
    });
  },
};

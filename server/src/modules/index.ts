import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../platform/app-services.js';
import { PROJECT_VERSION } from '../version.js';
import type { AuthContext } from '../platform/auth/auth-context.js';
import { bearerToken } from '../platform/auth/bearer.js';
import { createRouter } from '../platform/http/route.js';
import { createFileLinks, loadFileLinkSecret, registerFileLinkRoute } from '../platform/http/file-links.js';
import { createAuthRepo } from './auth/auth.repo.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { createAuthService } from './auth/auth.service.js';
import { cacheSessionLookups } from './auth/session-cache.js';
import { createTeamRepo } from './team/team.repo.js';
import { createQuotaService } from './team/quota.service.js';
import { createTeamService } from './team/team.service.js';
import { registerTeamRoutes } from './team/team.routes.js';
import { createInvitationRepo } from './team/invitation.repo.js';
import { createInvitationService } from './team/invitation.service.js';
import { registerInvitationRoutes } from './team/invitation.routes.js';
import { createTeamAdminRepo } from './team-admin/team-admin.repo.js';
import { createTeamAdminService } from './team-admin/team-admin.service.js';
import { registerTeamAdminRoutes } from './team-admin/team-admin.routes.js';
import { createTeamFunctionRepo } from './team-function/team-function.repo.js';
import { createTeamFunctionService } from './team-function/team-function.service.js';
import { registerTeamFunctionRoutes } from './team-function/team-function.routes.js';
import { createDictionaryRepo } from './dictionary/dictionary.repo.js';
import { registerDictionaryRoutes } from './dictionary/dictionary.routes.js';
import { createDictionaryService } from './dictionary/dictionary.service.js';
import { createRoleRepo } from './role/role.repo.js';
import { registerRoleRoutes } from './role/role.routes.js';
import { createRoleService } from './role/role.service.js';
import { registerRoleMenuRoutes } from './role-menu/role-menu.routes.js';
import { createRoleMenuService } from './role-menu/role-menu.service.js';
import { createUserRepo } from './user/user.repo.js';
import { registerUserRoutes } from './user/user.routes.js';
import { createUserService } from './user/user.service.js';
import { createUserClientRepo } from './user-client/user-client.repo.js';
import { registerAvatarFileRoute, registerUserClientRoutes } from './user-client/user-client.routes.js';
import { createUserClientService } from './user-client/user-client.service.js';
import { createFeedbackRepo } from './feedback/feedback.repo.js';
import { registerFeedbackRoutes } from './feedback/feedback.routes.js';
import { createFeedbackService } from './feedback/feedback.service.js';
import { LICENCE_PUBLIC_KEY } from './licence/licence-public-key.js';
import { createLicenceRepo } from './licence/licence.repo.js';
import { registerLicenceGate, registerLicenceRoutes } from './licence/licence.routes.js';
import { createLicenceService } from './licence/licence.service.js';
import { readMachineCode } from './licence/machine-code.js';
import { createNoticeRepo } from './notice/notice.repo.js';
import { registerNoticeRoutes } from './notice/notice.routes.js';
import { createNoticeService } from './notice/notice.service.js';
import { createRecycleBinRepo } from './recycle-bin/recycle-bin.repo.js';
import { registerRecycleBinRoutes } from './recycle-bin/recycle-bin.routes.js';
import { createRecycleBinService } from './recycle-bin/recycle-bin.service.js';
import { createProjectAccess } from './project/project-access.js';
import { registerProjectChild } from './project/project-children.js';
import { createProjectRepo, removeProjectRights } from './project/project.repo.js';
import { onMemberRemoved } from './team/member-removal.js';
import { registerProjectCoverFileRoute, registerProjectRoutes } from './project/project.routes.js';
import { createProjectService } from './project/project.service.js';
import { createProjectBelongRepo } from './project-belong/project-belong.repo.js';
import { registerProjectBelongRoutes } from './project-belong/project-belong.routes.js';
import { createProjectBelongService } from './project-belong/project-belong.service.js';
import { createProjectCustomRepo } from './project-custom/project-custom.repo.js';
import { registerProjectCustomRoutes } from './project-custom/project-custom.routes.js';
import { createProjectCustomService } from './project-custom/project-custom.service.js';
import { createProjectGroupRepo } from './project/project-group.repo.js';
import { registerProjectGroupRoutes } from './project/project-group.routes.js';
import { createProjectGroupService } from './project/project-group.service.js';
import { createProjectTypeRepo } from './project/project-type.repo.js';
import { registerProjectTypeRoutes } from './project/project-type.routes.js';
import { createProjectTypeService } from './project/project-type.service.js';
import { createDefectTypeRepo } from './defect-type/defect-type.repo.js';
import { registerDefectTypeRoutes } from './defect-type/defect-type.routes.js';
import { createDefectTypeService } from './defect-type/defect-type.service.js';
import { createDefectFieldRepo } from './defect-field/defect-field.repo.js';
import { registerDefectFieldRoutes } from './defect-field/defect-field.routes.js';
import { createDefectFieldService } from './defect-field/defect-field.service.js';
import { createDiseaseFilterRepo } from './disease-filter/disease-filter.repo.js';
import { registerDiseaseFilterRoutes } from './disease-filter/disease-filter.routes.js';
import { createDiseaseFilterService } from './disease-filter/disease-filter.service.js';
import { createModelFiles } from './project-model/model-files.js';
import { registerProjectModelJobs } from './project-model/project-model.jobs.js';
import { projectModelHooks } from './project-model/project-model.project-hooks.js';
import { createProjectModelRepo } from './project-model/project-model.repo.js';
import { registerProjectModelRoutes } from './project-model/project-model.routes.js';
import { createProjectModelService } from './project-model/project-model.service.js';
import { registerProjectModelTiles } from './project-model/project-model.tiles.js';
import { MODEL_UPLOAD_KIND, projectModelUploadKind } from './project-model/project-model.upload.js';
import { registerUploadKinds, uploadsFolder, type UploadKind } from '../platform/uploads/resumable-uploads.js';
import { createSystemConfigRepo } from './system-config/system-config.repo.js';
import { registerSystemConfigRoutes } from './system-config/system-config.routes.js';
import { createSystemConfigService } from './system-config/system-config.service.js';

/** Defaults for a team created at registration; sales managers raise them (SPEC section 1). */
export const NEW_TEAM_LIMITS = { memberMax: 10, volumeMaxGb: 10 };

const HOUR_MS = 3600 * 1000;

/** Wires every domain module: repositories, then services, then routes. */
export function registerModules(app: FastifyInstance, services: AppServices, extraUploadKinds: readonly UploadKind[]) {
  const { config, database, bus, sms, blobs } = services;
  // Who is calling and what they may do is read from memory between writes to the tables it comes from.
  const sessionLookups = cacheSessionLookups(createAuthRepo(database.db), database.writes);
  app.addHook('onClose', async () => sessionLookups.close());
  const authRepo = sessionLookups.repo;
  const auth = createAuthService({
    repo: authRepo,
    bus,
    sms,
    settings: {
      smsCaptcha: config.SMS_CAPTCHA,
      deployment: config.LOCAL_MODE ? 'local' : 'hosted',
      projectVersion: PROJECT_VERSION,
      storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT },
      newTeam: NEW_TEAM_LIMITS,
      sessions: { idleMs: config.SESSION_IDLE_HOURS * HOUR_MS, maxAgeMs: config.SESSION_MAX_AGE_HOURS * HOUR_MS },
    },
  });
  const fileLinks = createFileLinks({
    secret: loadFileLinkSecret(config),
    authenticateSession: (sessionId, userId) => auth.authenticateSession(sessionId, userId),
  });

  const authenticate = async (request: FastifyRequest): Promise<AuthContext | null> => {
    request.auth = await auth.authenticate(bearerToken(request));
    return request.auth;
  };
  // In local mode every call below is gated by the licence, so the gate goes in before them.
  const licence = config.LOCAL_MODE
    ? createLicenceService({
        repo: createLicenceRepo(database.db),
        publicKey: LICENCE_PUBLIC_KEY,
        machineCode: readMachineCode(),
        licenceFilePath: path.join(config.DATA_DIR, 'licence', 'licence.lic'),
      })
    : null;
  const teamFunctionRepo = createTeamFunctionRepo(database.db);
  const teamFunctions = createTeamFunctionService({
    repo: teamFunctionRepo,
    projectAccess: createProjectAccess(createProjectRepo(database.db)),
    licence,
  });
  const router = createRouter(app, {
    authenticate,
    authenticateLink: async (request) => {
      request.auth = await fileLinks.authenticate(request);
      return request.auth;
    },
    checkFeature: (caller, feature) => teamFunctions.requireActive(caller.teamId, feature),
  });
  if (licence) {
    registerLicenceGate(app, licence);
    registerLicenceRoutes(router, { licence });
  }

  registerAuthRoutes(router, { auth });
  registerFileLinkRoute(router, fileLinks);

  // Teams first: `quota` (reserve/release/usage of team storage) is for every module that stores bytes.
  const teamRepo = createTeamRepo(database.db);
  const quota = createQuotaService({ repo: teamRepo });
  registerTeamRoutes(router, { teams: createTeamService({ repo: teamRepo, bus }) });
  registerTeamFunctionRoutes(router, { functions: teamFunctions });
  registerInvitationRoutes(router, {
    invitations: createInvitationService({
      repo: createInvitationRepo(database.db),
      teams: teamRepo,
      projects: createProjectRepo(database.db),
      bus,
    }),
  });
  registerTeamAdminRoutes(router, {
    teamAdmin: createTeamAdminService({
      repo: createTeamAdminRepo(database.db),
      teams: teamRepo,
      functions: teamFunctionRepo,
    }),
  });

  const userClient = createUserClientService({
    repo: createUserClientRepo(database.db),
    authRepo,
    auth,
    bus,
    blobs,
  });
  registerUserClientRoutes(router, { userClient });
  registerAvatarFileRoute(router, { userClient });
  registerUserRoutes(router, { users: createUserService({ repo: createUserRepo(database.db), authRepo, bus }) });
  registerRoleRoutes(router, { roles: createRoleService({ repo: createRoleRepo(database.db) }) });
  registerRoleMenuRoutes(router, {
    roleMenus: createRoleMenuService({ authRepo, bus, deployment: config.LOCAL_MODE ? 'local' : 'hosted' }),
  });
  registerDictionaryRoutes(router, {
    dictionary: createDictionaryService({ repo: createDictionaryRepo(database.db) }),
  });

  const recycleBin = createRecycleBinService({ repo: createRecycleBinRepo(database.db), blobs, quota });
  registerRecycleBinRoutes(router, { recycleBin });

  // Projects, their groups, types, members and configuration; every project-scoped call goes through `access`.
  const projectRepo = createProjectRepo(database.db);
  const projectAccess = createProjectAccess(projectRepo);
  const projectGroups = createProjectGroupService({ repo: createProjectGroupRepo(database.db) });
  const projects = createProjectService({
    repo: projectRepo,
    access: projectAccess,
    groups: projectGroups,
    blobs,
    quota,
    recycleBin,
  });
  registerProjectRoutes(router, { projects });
  registerProjectCoverFileRoute(router, { projects });
  registerProjectGroupRoutes(router, { groups: projectGroups });
  registerProjectTypeRoutes(router, { types: createProjectTypeService({ repo: createProjectTypeRepo(database.db) }) });
  registerProjectBelongRoutes(router, {
    belong: createProjectBelongService({
      repo: createProjectBelongRepo(database.db),
      projects: projectRepo,
      access: projectAccess,
    }),
  });
  registerProjectCustomRoutes(router, {
    customs: createProjectCustomService({
      repo: createProjectCustomRepo(database.db),
      projects: projectRepo,
      access: projectAccess,
    }),
  });
  registerDefectTypeRoutes(router, {
    defectTypes: createDefectTypeService({ repo: createDefectTypeRepo(database.db), access: projectAccess }),
  });
  registerDefectFieldRoutes(router, {
    defectFields: createDefectFieldService({ repo: createDefectFieldRepo(database.db), access: projectAccess }),
  });
  registerDiseaseFilterRoutes(router, {
    filters: createDiseaseFilterService({ repo: createDiseaseFilterRepo(database.db), access: projectAccess }),
  });
  const notices = createNoticeService({ repo: createNoticeRepo(database.db), bus });
  registerNoticeRoutes(router, { notices, projectVersion: PROJECT_VERSION });
  registerFeedbackRoutes(router, { feedback: createFeedbackService({ repo: createFeedbackRepo(database.db) }) });
  const systemConfig = createSystemConfigService({
    repo: createSystemConfigRepo(database.db),
    blobs,
    settings: { storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT } },
  });
  registerSystemConfigRoutes(router, { systemConfig });

  // The 3D model: tus uploads in DATA_DIR/uploads, the durable unzip, tiles served to project members.
  const uploadsRoot = path.join(config.DATA_DIR, 'uploads');
  const modelFiles = createModelFiles({ uploadsDir: uploadsFolder(uploadsRoot, { name: MODEL_UPLOAD_KIND }), blobs });
  const models = createProjectModelService({
    repo: createProjectModelRepo(database.db),
    access: projectAccess,
    quota,
    jobs: services.jobs,
    bus,
    files: modelFiles,
    log: app.log,
    archiveLimits: {
      maxUncompressedBytes: config.ARCHIVE_MAX_UNCOMPRESSED_GB * 1024 ** 3,
      maxRatio: config.ARCHIVE_MAX_RATIO,
    },
    cpu: services.cpu,
  });
  onMemberRemoved(removeProjectRights);
  registerProjectChild('model', projectModelHooks);
  registerProjectModelJobs(services.jobs, models);
  registerProjectModelRoutes(router, { models });
  registerUploadKinds(app, [projectModelUploadKind(models), ...extraUploadKinds], {
    uploadsRoot,
    log: app.log,
    router,
  });
  registerProjectModelTiles(router, { models });

  return { authenticate, auth, quota };
}

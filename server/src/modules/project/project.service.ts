import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { isVectorFileError, parseVectorFile } from '@sightline/geo-files';
import {
  AppError,
  LIMITS,
  hasPermission,
  type Language,
  type Page,
  type ParsedLocation,
  type ProjectCard,
  type ProjectDetail,
  type ProjectMapItem,
  type ProjectMember,
  type ProjectRef,
  type createProjectBodySchema,
  type projectMapBodySchema,
  type projectModeLineQuerySchema,
  type projectPageBodySchema,
  type updateProjectBodySchema,
} from '@sightline/shared';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import { refusingDuplicates } from '../../platform/db/sql-helpers.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ProjectGroupService } from './project-group.service.js';
import { projectTypeName } from './project-type.service.js';
import type { RecycleBinService } from '../recycle-bin/recycle-bin.service.js';
import type { QuotaService } from '../team/quota.service.js';
import { imageTypeOf } from '../../platform/storage/image-type.js';
import { groupName } from './project-group.service.js';
import { fieldError } from '../../platform/http/field-error.js';
import { storedFile } from '../../platform/http/stored-file.js';
import { visibilityOf, type ProjectAccess } from './project-access.js';
import { COVER_NAME_PATTERN, coverKey, coverKeyOf, coverUrl, parseCoverUrl } from './project-cover.js';
import type { ProjectCardRow, ProjectFilter, ProjectMemberRow, ProjectRepo, ProjectRow } from './project.repo.js';
import './project.recycle.js';

type CreateProjectInput = z.output<typeof createProjectBodySchema>;
type UpdateProjectInput = z.output<typeof updateProjectBodySchema>;

const coverMaxMegabytes = LIMITS.projectCoverMaxBytes / (1024 * 1024);
const ROUTE_NAME_MAX = LIMITS.generalInputMax;

export interface ProjectServiceDeps {
  repo: ProjectRepo;
  access: ProjectAccess;
  groups: ProjectGroupService;
  blobs: BlobStore;
  quota: QuotaService;
  recycleBin: RecycleBinService;
}

/** Parses a location file, or GeoJSON sent back by the web, with packages/geo-files; refusals keep their reason. */
function parseLocation(bytes: Uint8Array): ParsedLocation {
  try {
    const parsed = parseVectorFile(bytes);
    return {
      geojson: parsed.featureCollection as unknown as Record<string, unknown>,
      kind: parsed.kind,
      routeName: parsed.name ? parsed.name.slice(0, ROUTE_NAME_MAX) : null,
    };
  } catch (error) {
    if (isVectorFileError(error)) throw new AppError(error.key, { params: { reason: error.reason } });
    throw error;
  }
}

/** A member of a project as the project detail and the project's member list show them. */
export function presentProjectMember(member: ProjectMemberRow): ProjectMember {
  return {
    userId: member.id,
    name: member.name,
    account: member.account,
    phone: member.phone,
    headImgUrl: member.head_img_url,
    roleCode: member.role_code,
  };
}

export function createProjectService({ repo, access, groups, blobs, quota, recycleBin }: ProjectServiceDeps) {
  function presentCard(
    row: ProjectCardRow,
    extras: { members: Map<number, number>; models: Map<number, ProjectCard['modelState']> },
    language: Language,
  ): ProjectCard {
    return {
      id: row.id,
      name: row.name,
      typeId: row.type_id,
      typeCode: row.type_code,
      typeName: projectTypeName({ built_in: row.type_built_in, code: row.type_code, name: row.type_name }, language),
      typeIcon: row.type_icon,
      groupId: row.group_id,
      coverUrl: row.cover_url,
      description: row.description,
      modelState: extras.models.get(row.id) ?? 'none',
      status: row.status,
      createdAt: row.created_at.toISOString(),
      memberCount: extras.members.get(row.id) ?? 0,
    };
  }

  function presentMapItem(row: ProjectCardRow, card: ProjectCard): ProjectMapItem {
    return {
      ...card,
      locationGeojson: row.location_geojson,
      locationKind: row.location_kind,
      routeName: row.route_name,
      defaultView: row.default_view,
    };
  }

  async function presentCards(rows: ProjectCardRow[], language: Language) {
    const ids = rows.map((row) => row.id);
    const [members, models] = await Promise.all([repo.memberCounts(ids), repo.modelStateFor(ids)]);
    return rows.map((row) => presentCard(row, { members, models }, language));
  }

  function filterOf(
    auth: AuthContext,
    input: { groupId?: number | undefined; typeId?: number | undefined; keyword?: string | undefined },
  ): ProjectFilter {
    return {
      teamId: callerTeamId(auth),
      memberId: visibilityOf(auth),
      groupId: input.groupId,
      typeId: input.typeId,
      keyword: input.keyword,
    };
  }

  /** A type the team may give a new project: built-in or its own, and enabled. */
  async function requireUsableType(teamId: number, typeId: number) {
    const type = await repo.findTypeForTeam(typeId, teamId);
    if (!type || type.enabled === false) throw fieldError('typeId', 'invalidValue');
    return type;
  }

  async function groupIdFor(teamId: number, groupId: number | null | undefined, language: Language) {
    if (groupId === null || groupId === undefined) return (await groups.ensureDefault(teamId, language)).id;
    const group = await groups.findGroup(groupId, teamId);
    if (!group) throw fieldError('groupId', 'invalidValue');
    return group.id;
  }

  /** Members must belong to the team; someone else's id answers as an unknown user. */
  async function checkMembers(teamId: number, memberIds: readonly number[]) {
    const unique = [...new Set(memberIds)];
    const members = await repo.teamMemberIds(teamId, unique);
    if (unique.some((id) => !members.has(id))) throw new AppError('USER_NOT_EXISTING');
    return unique;
  }

  /** A cover uploaded to this team's folder and held by no other project; returns its size. */
  async function checkCover(teamId: number, url: string, projectId?: number) {
    const cover = parseCoverUrl(url);
    const stat = cover && cover.teamId === teamId ? await blobs.stat(coverKey(cover.teamId, cover.name)) : null;
    if (!cover || !stat || (await repo.coverHeldByOther(coverUrl(cover.teamId, cover.name), projectId))) {
      throw fieldError('coverUrl', 'invalidValue');
    }
    return { url: coverUrl(cover.teamId, cover.name), bytes: stat.size };
  }

  function locationOf(geojson: Record<string, unknown>) {
    return parseLocation(Buffer.from(JSON.stringify(geojson)));
  }

  /** Frees a cover that a project let go of: its blob, and its bytes on the team's quota. */
  async function dropCover(teamId: number, url: string | null, bytes: number) {
    const key = coverKeyOf(url);
    if (!key) return;
    await blobs.delete(key);
    if (bytes > 0) await quota.release(teamId, bytes);
  }

  return {
    async page(
      auth: AuthContext,
      input: z.output<typeof projectPageBodySchema>,
      language: Language,
    ): Promise<Page<ProjectCard>> {
      const { rows, total } = await repo.pageCards(filterOf(auth, input), input);
      return { records: await presentCards(rows, language), total, pageNum: input.pageNum, pageSize: input.pageSize };
    },

    async listForMap(auth: AuthContext, input: z.output<typeof projectMapBodySchema>, language: Language) {
      const rows = await repo.listCards(filterOf(auth, input));
      const cards = await presentCards(rows, language);
      return rows.map((row, index) => presentMapItem(row, cards[index] as ProjectCard));
    },

    /** Projects on a route or line whose name contains `modeLine`, optionally of one type code. */
    async listByRoute(auth: AuthContext, input: z.output<typeof projectModeLineQuerySchema>, language: Language) {
      const rows = await repo.listCards({
        ...filterOf(auth, {}),
        hasRoute: true,
        routeName: input.modeLine || undefined,
        typeCode: input.typeCode || undefined,
      });
      const cards = await presentCards(rows, language);
      return rows.map((row, index) => presentMapItem(row, cards[index] as ProjectCard));
    },

    async listRefs(auth: AuthContext): Promise<ProjectRef[]> {
      return repo.listRefs(filterOf(auth, {}));
    },

    async detail(auth: AuthContext, projectId: number, language: Language): Promise<ProjectDetail> {
      const project = await access.require(auth, projectId);
      const [rows, members, group] = await Promise.all([
        repo.listCards({ ...filterOf(auth, {}), memberId: null, projectId }),
        repo.listMembers(projectId),
        project.group_id === null ? undefined : repo.findGroupName(project.group_id),
      ]);
      const row = rows[0];
      if (!row) throw new AppError('PROJECT_NO_ERROR');
      const [card] = await presentCards([row], language);
      return {
        ...presentMapItem(row, card as ProjectCard),
        groupName: group ? groupName(group, language) : null,
        highPrecision: project.high_precision,
        members: members.map(presentProjectMember),
        createdBy: project.created_by,
        updatedAt: project.updated_at.toISOString(),
      };
    },

    /** Stores a cover image (JPG or PNG by its bytes, at most 10 MB), counted against the team's quota. */
    async uploadCover(auth: AuthContext, data: Buffer) {
      const teamId = callerTeamId(auth);
      if (data.length > LIMITS.projectCoverMaxBytes) {
        throw new AppError('FILE_TOO_LARGE', { params: { max: coverMaxMegabytes } });
      }
      const type = imageTypeOf(data);
      if (!type) throw new AppError('FILE_TYPE_ERROR', { params: { types: 'JPG, PNG' } });
      const name = `cover-${randomBytes(12).toString('hex')}.${type}`;
      await quota.reserve(teamId, data.length);
      try {
        await blobs.put(coverKey(teamId, name), data);
      } catch (error) {
        await quota.release(teamId, data.length);
        throw error;
      }
      return { coverUrl: coverUrl(teamId, name) };
    },

    /** A cover for members of the team whose folder holds it. */
    async readCover(auth: AuthContext, teamId: number, name: string) {
      const contentType = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
      const readable = COVER_NAME_PATTERN.test(name) && auth.teamId === teamId;
      const file = readable ? await storedFile(blobs, coverKey(teamId, name), contentType) : null;
      if (!file) throw new AppError('notFound');
      return file;
    },

    /** Reads a location file and answers it as GeoJSON; nothing is stored until the project is saved. */
    parseLocationFile(data: Buffer): ParsedLocation {
      return parseLocation(data);
    },

    async create(auth: AuthContext, input: CreateProjectInput, language: Language) {
      const teamId = callerTeamId(auth);
      if (await repo.nameTaken(teamId, input.name)) throw new AppError('PROJECT_NAME_EXITS_ERROR');
      const type = await requireUsableType(teamId, input.typeId);
      const groupId = await groupIdFor(teamId, input.groupId, language);
      const memberIds = await checkMembers(teamId, input.memberIds ?? []);
      const cover = input.coverUrl ? await checkCover(teamId, input.coverUrl) : null;
      const location = input.locationGeojson ? locationOf(input.locationGeojson) : null;
      const routeName = input.routeName !== undefined ? input.routeName || null : (location?.routeName ?? null);
      const id = await refusingDuplicates(
        repo.insertProject(
          {
            team_id: teamId,
            group_id: groupId,
            type_id: type.id,
            name: input.name,
            cover_url: cover?.url ?? null,
            cover_bytes: cover?.bytes ?? 0,
            description: input.description || null,
            location_geojson: location ? JSON.stringify(location.geojson) : null,
            location_kind: location?.kind ?? null,
            route_name: routeName,
            default_view: input.defaultView ? JSON.stringify(input.defaultView) : null,
            high_precision: input.highPrecision ?? false,
            created_by: auth.userId,
          },
          memberIds,
        ),
        'PROJECT_NAME_EXITS_ERROR',
        'projects_name_key',
      );
      return { id };
    },

    /** Updates what the body names; absent fields stay, null clears. */
    async update(auth: AuthContext, input: UpdateProjectInput, language: Language) {
      const project = await access.require(auth, input.id, { change: true });
      const teamId = project.team_id;
      const values: Parameters<ProjectRepo['updateProject']>[1] = {};
      if (input.name !== undefined && input.name !== project.name) {
        if (await repo.nameTaken(teamId, input.name, project.id)) throw new AppError('PROJECT_NAME_EXITS_ERROR');
        values.name = input.name;
      }
      // A type disabled after the project took it stays valid for that project.
      if (input.typeId !== undefined && input.typeId !== project.type_id) {
        values.type_id = (await requireUsableType(teamId, input.typeId)).id;
      }
      if (input.groupId !== undefined) values.group_id = await groupIdFor(teamId, input.groupId, language);
      const memberIds = input.memberIds === undefined ? undefined : await checkMembers(teamId, input.memberIds);
      let previousCover: Pick<ProjectRow, 'cover_url' | 'cover_bytes'> | null = null;
      if (input.coverUrl !== undefined && input.coverUrl !== project.cover_url) {
        const cover = input.coverUrl ? await checkCover(teamId, input.coverUrl, project.id) : null;
        values.cover_url = cover?.url ?? null;
        values.cover_bytes = cover?.bytes ?? 0;
        previousCover = project;
      }
      if (input.description !== undefined) values.description = input.description || null;
      if (input.locationGeojson !== undefined) {
        const location = input.locationGeojson ? locationOf(input.locationGeojson) : null;
        values.location_geojson = location ? JSON.stringify(location.geojson) : null;
        values.location_kind = location?.kind ?? null;
      }
      if (input.routeName !== undefined) values.route_name = input.routeName || null;
      if (input.defaultView !== undefined) {
        values.default_view = input.defaultView ? JSON.stringify(input.defaultView) : null;
      }
      if (input.highPrecision !== undefined) values.high_precision = input.highPrecision;
      await refusingDuplicates(
        repo.updateProject(project.id, values, memberIds),
        'PROJECT_NAME_EXITS_ERROR',
        'projects_name_key',
      );
      if (previousCover) await dropCover(teamId, previousCover.cover_url, Number(previousCover.cover_bytes));
      return { id: project.id };
    },

    /** Moves the project and everything under it to the recycle bin. */
    async remove(auth: AuthContext, projectId: number) {
      await access.require(auth, projectId, { change: true });
      await recycleBin.moveToBin({ auth, kind: 'project', entityId: projectId });
    },

    /**
     * Hands the project over to another team of which the caller is also an owner or administrator.
     * The project reads 'moving' while the bytes of its cover and model are counted on the target team
     * and the cover is copied into the target team's folder, then changes team (its model with it) in one
     * transaction and reads 'normal' again; the old team gets the bytes back last. The model's files stay
     * in their folder, which its row names. A model being uploaded or unzipped refuses the handover.
     */
    async handover(auth: AuthContext, input: { projectId: number; targetTeamId: number }, language: Language) {
      const project = await access.require(auth, input.projectId, { change: true });
      if (input.targetTeamId === project.team_id) throw fieldError('targetTeamId', 'invalidValue');
      const targetRole = await repo.findTeamRole(input.targetTeamId, auth.userId);
      if (!targetRole || !hasPermission(targetRole, 'project:handover')) throw new AppError('NO_AUTH');
      if (await repo.nameTaken(input.targetTeamId, project.name)) throw new AppError('PROJECT_NAME_EXITS_ERROR');
      if (!(await repo.claimForMove(project.id))) throw new AppError('PROJECT_ERROR');

      const oldCover = parseCoverUrl(project.cover_url ?? '');
      const coverBytes = Number(project.cover_bytes);
      let childBytes = 0;
      let reservedBytes = 0;
      let newCover: { url: string; bytes: number; key: string } | null = null;
      try {
        // Counted after the claim: from then on the model's entry points refuse to change it.
        childBytes = await repo.childBytesForHandover(project.id);
        const bytes = (oldCover ? coverBytes : 0) + childBytes;
        if (bytes > 0) {
          await quota.reserve(input.targetTeamId, bytes);
          reservedBytes = bytes;
        }
        const group = await groups.ensureDefault(input.targetTeamId, language);
        if (oldCover) {
          const name = `cover-${randomBytes(12).toString('hex')}.${oldCover.name.endsWith('.png') ? 'png' : 'jpg'}`;
          const key = coverKey(input.targetTeamId, name);
          newCover = { url: coverUrl(input.targetTeamId, name), bytes: coverBytes, key };
          await blobs.put(key, blobs.get(coverKey(oldCover.teamId, oldCover.name)));
        }
        const result = await repo.moveToTeam({
          projectId: project.id,
          targetTeamId: input.targetTeamId,
          groupId: group.id,
          cover: newCover,
        });
        if (!result.moved) throw new AppError('PROJECT_NAME_EXITS_ERROR');
      } catch (error) {
        await repo.releaseMove(project.id);
        if (newCover) await blobs.delete(newCover.key);
        if (reservedBytes > 0) await quota.release(input.targetTeamId, reservedBytes);
        throw error;
      }
      if (childBytes > 0) await quota.release(project.team_id, childBytes);
      if (oldCover) await dropCover(project.team_id, project.cover_url, coverBytes);
      return { id: project.id };
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;

import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { ROLE_CODES } from '../roles.js';
import { idField, idParam, requiredText } from './fields.js';

/** Built-in project types of SPEC section 3; names are i18n keys `projectType.<code>`. */
export const BUILT_IN_PROJECT_TYPE_CODES = [
  'bridge',
  'road',
  'building',
  'dam',
  'test',
  'tunnel',
  'side_slope',
  'culvert',
  'electromechanical',
  'wind_turbine',
] as const;
export type BuiltInProjectTypeCode = (typeof BUILT_IN_PROJECT_TYPE_CODES)[number];

export const PROJECT_STATUSES = ['normal', 'moving'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const LOCATION_KINDS = ['point', 'line', 'polygon'] as const;
export type ProjectLocationKind = (typeof LOCATION_KINDS)[number];

/** The model's state as a card shows it: none before an upload, then the unzip states of SPEC section 4. */
export const MODEL_STATES = ['none', 'uploading', 'unzipping', 'done', 'failed'] as const;
export type ModelState = (typeof MODEL_STATES)[number];

const idList = z.array(idField, { error: 'invalidValue' }).max(1000, { error: 'tooLong' });
const number = z.number({ error: 'required' });

/** A camera view on the globe: WGS84 position (height not negative) and angles within ±360 (SPEC section 5). */
export const cameraViewSchema = z.object({
  position: z.object(
    {
      lon: number.min(-LIMITS.longitude, { error: 'numberRange' }).max(LIMITS.longitude, { error: 'numberRange' }),
      lat: number.min(-LIMITS.latitude, { error: 'numberRange' }).max(LIMITS.latitude, { error: 'numberRange' }),
      height: number.min(0, { error: 'numberRange' }).max(1e7, { error: 'numberRange' }),
    },
    { error: 'required' },
  ),
  heading: number.min(-LIMITS.angleOffset, { error: 'numberRange' }).max(LIMITS.angleOffset, { error: 'numberRange' }),
  pitch: number.min(-LIMITS.angleOffset, { error: 'numberRange' }).max(LIMITS.angleOffset, { error: 'numberRange' }),
  roll: number.min(-LIMITS.angleOffset, { error: 'numberRange' }).max(LIMITS.angleOffset, { error: 'numberRange' }),
});
export type CameraView = z.infer<typeof cameraViewSchema>;

/** A location as GeoJSON; the server parses it again with packages/geo-files and derives the kind itself. */
export const geojsonSchema = z.record(z.string(), z.unknown(), { error: 'invalidValue' });

// ---------------------------------------------------------------- projects

/**
 * Fields of the wizard's first step. On PUT every field is optional: absent means unchanged,
 * null clears a nullable one. Defaults (group, high precision) are applied by the server on create.
 */
const projectFields = {
  name: requiredText(LIMITS.projectNameMax),
  typeId: idField,
  coverUrl: z.string().max(300, { error: 'tooLong' }).nullable(),
  description: z.string().trim().max(500, { error: 'tooLong' }).nullable(),
  memberIds: idList,
  groupId: idField.nullable(),
  locationGeojson: geojsonSchema.nullable(),
  routeName: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).nullable(),
  defaultView: cameraViewSchema.nullable(),
  highPrecision: z.boolean({ error: 'invalidValue' }),
};

export const createProjectBodySchema = z.object({
  ...projectFields,
  coverUrl: projectFields.coverUrl.optional(),
  description: projectFields.description.optional(),
  memberIds: projectFields.memberIds.optional(),
  groupId: projectFields.groupId.optional(),
  locationGeojson: projectFields.locationGeojson.optional(),
  routeName: projectFields.routeName.optional(),
  defaultView: projectFields.defaultView.optional(),
  highPrecision: projectFields.highPrecision.optional(),
});
export type CreateProjectBody = z.input<typeof createProjectBodySchema>;

export const updateProjectBodySchema = createProjectBodySchema.partial().extend({ id: idField });
export type UpdateProjectBody = z.input<typeof updateProjectBodySchema>;

export const projectPageBodySchema = pageQuerySchema.extend({
  groupId: idField.optional(),
  typeId: idField.optional(),
  keyword: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).optional(),
});
export type ProjectPageBody = z.input<typeof projectPageBodySchema>;

export const projectMapBodySchema = projectPageBodySchema.omit({ pageNum: true, pageSize: true });

export const projectModeLineQuerySchema = z.object({
  modeLine: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).optional(),
  typeCode: z.string().trim().max(32, { error: 'tooLong' }).optional(),
});

export const projectCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  typeCode: z.string().nullable(),
  typeName: z.string(),
  typeIcon: z.string(),
  groupId: z.number().int().nullable(),
  coverUrl: z.string().nullable(),
  description: z.string().nullable(),
  modelState: z.enum(MODEL_STATES),
  status: z.enum(PROJECT_STATUSES),
  createdAt: z.string(),
  memberCount: z.number().int(),
});
export type ProjectCard = z.infer<typeof projectCardSchema>;
export const projectPageSchema = pageOf(projectCardSchema);

export const projectLocationSchema = z.object({
  locationGeojson: geojsonSchema.nullable(),
  locationKind: z.enum(LOCATION_KINDS).nullable(),
  routeName: z.string().nullable(),
  defaultView: cameraViewSchema.nullable(),
});

export const projectMapItemSchema = projectCardSchema.extend(projectLocationSchema.shape);
export type ProjectMapItem = z.infer<typeof projectMapItemSchema>;

export const projectMemberSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  account: z.string().nullable(),
  phone: z.string().nullable(),
  headImgUrl: z.string().nullable(),
  roleCode: z.enum(ROLE_CODES),
});
export type ProjectMember = z.infer<typeof projectMemberSchema>;

export const projectDetailSchema = projectMapItemSchema.extend({
  groupName: z.string().nullable(),
  highPrecision: z.boolean(),
  members: z.array(projectMemberSchema),
  createdBy: z.number().int().nullable(),
  updatedAt: z.string(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** What POST /project/location/parse answers: the file as GeoJSON, its kind and the route name it carries. */
export const parsedLocationSchema = z.object({
  geojson: geojsonSchema,
  kind: z.enum(LOCATION_KINDS),
  routeName: z.string().nullable(),
});
export type ParsedLocation = z.infer<typeof parsedLocationSchema>;

export const projectCoverSchema = z.object({ coverUrl: z.string() });

export const projectHandoverBodySchema = z.object({ projectId: idField, targetTeamId: idField });

export const projectRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type ProjectRef = z.infer<typeof projectRefSchema>;

export const idResultSchema = z.object({ id: z.number().int() });

// ---------------------------------------------------------------- members' projects

export const bindUserProjectsBodySchema = z.object({ userId: idField, projectIds: idList });
export type BindUserProjectsBody = z.input<typeof bindUserProjectsBodySchema>;
export const bindProjectUsersBodySchema = z.object({ projectId: idField, userIds: idList });
export const bindUserProjectsBatchBodySchema = z.object({
  items: z.array(bindUserProjectsBodySchema).min(1, { error: 'required' }).max(1000, { error: 'tooLong' }),
});

export const memberJurisdictionSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  account: z.string().nullable(),
  roleCode: z.enum(ROLE_CODES),
  /** Owners and administrators see every project of the team whatever their list says. */
  allProjects: z.boolean(),
  projects: z.array(projectRefSchema),
});
export type MemberJurisdiction = z.infer<typeof memberJurisdictionSchema>;

// ---------------------------------------------------------------- groups

export const projectGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  isDefault: z.boolean(),
  projectCount: z.number().int(),
});
export type ProjectGroup = z.infer<typeof projectGroupSchema>;
export const createProjectGroupBodySchema = z.object({ name: requiredText() });
export const updateProjectGroupBodySchema = createProjectGroupBodySchema.extend({ id: idField });

// ---------------------------------------------------------------- types

/** Names of icons the web knows; a team type picks one. */
export const ICON_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const PROJECT_TYPE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export const projectTypeSchema = z.object({
  id: z.number().int(),
  code: z.string().nullable(),
  /** The built-in name in the caller's language, or the team's own name. */
  name: z.string(),
  /** `projectType.<code>` for built-in types, for the web to translate; null for a team's own. */
  nameKey: z.string().nullable(),
  icon: z.string(),
  enabled: z.boolean(),
  builtIn: z.boolean(),
  projectCount: z.number().int(),
});
export type ProjectType = z.infer<typeof projectTypeSchema>;
export const projectTypeListBodySchema = z.object({ enabledOnly: z.boolean({ error: 'invalidValue' }).optional() });
export const saveProjectTypeBodySchema = z.object({
  id: idField.optional(),
  name: requiredText(),
  icon: z.string({ error: 'required' }).trim().regex(ICON_NAME_PATTERN, { error: 'invalidValue' }),
  code: z.string().trim().regex(PROJECT_TYPE_CODE_PATTERN, { error: 'invalidValue' }).nullable().optional(),
});
export type SaveProjectTypeBody = z.input<typeof saveProjectTypeBodySchema>;
export const enableProjectTypeBodySchema = z.object({ id: idField, enabled: z.boolean({ error: 'required' }) });

// ---------------------------------------------------------------- custom data and report position

export const projectIdBodySchema = z.object({ projectId: idField });
export const projectIdQuerySchema = z.object({ projectId: idParam });

export const projectCustomSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  value: z.string(),
});
export type ProjectCustom = z.infer<typeof projectCustomSchema>;
const customValue = z.string({ error: 'required' }).trim().max(500, { error: 'tooLong' });
export const projectCustomItemSchema = z.object({ name: requiredText(), value: customValue });
export const addProjectCustomsBodySchema = z.object({
  projectId: idField,
  items: z.array(projectCustomItemSchema).min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
});
export const updateProjectCustomBodySchema = projectCustomItemSchema.extend({ id: idField });
export const deleteProjectCustomsBodySchema = z.object({ ids: idList.min(1, { error: 'required' }) });
export const findAllCustomBodySchema = z.object({ projectIds: idList.optional() });

export const reportPositionSchema = cameraViewSchema.extend({ projectId: z.number().int(), updatedAt: z.string() });
export const saveReportPositionBodySchema = cameraViewSchema.extend({ projectId: idField });

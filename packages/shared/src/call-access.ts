import type { Permission } from './roles.js';

/**
 * Who may make each call, written from SPEC section 6 (what each role may do) for the calls of section 7.
 * This table is the rule; each route also declares its permission where it is registered, and a test
 * checks every declared route against this table, so a route's permission cannot drift from the rule.
 * Calls of domains not yet built are listed too: their routes must match when they arrive.
 *
 * `public`: anyone, signed in or not. `signed-in`: any signed-in user, for their own data (their account,
 * their notices, their menus) or data whose scope the service checks (a project the caller belongs to).
 * A permission: only roles whose ROLE_PERMISSIONS grant it.
 *
 * Reading of section 6: the viewer views projects and defect data only; the inspector also screens and
 * marks images (uploading and binding them to markers) and edits and deletes defects, reviews AI results,
 * generates reports; the administrator also manages the team and adds, edits and deletes projects,
 * their configuration (types, fields, spatial markers), inspections and monitoring data; the owner also
 * the deployment's settings and licence.
 */
export type CallAccess = 'public' | 'signed-in' | Permission;

export const CALL_ACCESS = {
  // Auth and user
  'POST /web/login': 'public',
  'POST /web/logout': 'signed-in',
  'POST /web/register': 'public',
  'POST /web/retrieve': 'public',
  'POST /web/sms': 'public',
  'POST /web/check-code': 'public',
  'POST /web/check-phone': 'public',
  'GET /web/verification-code': 'public',
  'GET /web/check': 'signed-in',
  'GET /web/info/{id}': 'public',
  'POST /limit/check': 'team:view',
  'GET /dictionary-data/register-post': 'public',
  'GET /dictionary-data/register-location': 'public',
  'GET /user-client/check-password': 'signed-in',
  'PUT /user-client': 'signed-in',
  'PUT /user-client/phone': 'signed-in',
  'GET /user-client/details': 'signed-in',
  'PUT /user-client/password': 'signed-in',
  'PUT /user-client/head-portrait': 'signed-in',
  'POST /user-client/temp-offline': 'signed-in',
  'POST /user-client/wake-up': 'signed-in',
  'GET /user-client/findTeamRoleUser': 'team:member:view',
  // Files: an avatar is seen by its user and their team mates (the service checks which), a cover by those who
  // see the team's projects, the logo by anyone (the sign-in page shows it). A signed link to a folder of files
  // is for any signed-in user: it opens only what its user may see.
  'GET /files/avatars/{userId}/{name}': 'signed-in',
  'GET /files/project-covers/{teamId}/{name}': 'project:view',
  'GET /files/system/{name}': 'public',
  // A key defect's screenshot: seen by whoever sees the inspection's defects.
  'GET /files/key-defects/{inspectionId}/{name}': 'defect:view',
  'GET /web/file-link': 'signed-in',
  // Local users: "Admins can ... batch delete local users".
  'POST /user/page': 'team:local-user:manage',
  'POST /user/edit': 'team:local-user:manage',
  'POST /user/del/batch': 'team:local-user:manage',
  'DELETE /user/batch': 'team:local-user:manage',
  'GET /user/{id}': 'team:local-user:manage',
  'GET /user/list': 'team:local-user:manage',
  'POST /user': 'team:local-user:manage',
  'PUT /user/{id}': 'team:local-user:manage',
  'GET /role/list': 'signed-in',
  'GET /role/list/team': 'signed-in',
  'GET /role/list/team-all': 'team:member:view',

  // Team: "Admins can remove members, change roles, adjust a member's projects"; handover by the administrator.
  'GET /team-client/user-page': 'team:member:view',
  'PUT /team-client/remove-user': 'team:member:manage',
  'PUT /team-client/user-role': 'team:member:role',
  'PUT /team-client/admin-handover': 'team:handover',
  'GET /team-client/details': 'team:view',
  'PUT /team-client': 'team:edit',
  'GET /team-client/function': 'team:function:view',
  'GET /team-client/users': 'team:member:view',
  'GET /team-client/users/head': 'team:view',
  // Every team the caller belongs to, to switch between them.
  'GET /team-client/teams': 'signed-in',
  'GET /team-client/invitation-link': 'team:invite',
  'POST /team-client/invitation-link': 'team:invite',
  // Read before joining: the invitee is not a member yet.
  'GET /team-client/link-analysis': 'public',
  'POST /team-client/join': 'signed-in',
  'GET /team-client/business/list': 'team:view',
  'POST /project/findTeamAll': 'project:view',
  'GET /project-belong/findProjectByUser/{userId}': 'team:member:manage',
  'GET /project-belong/findProjectByUserId': 'project:view',
  'POST /project-belong/bingUserToProjectS': 'team:member:manage',
  'POST /project-belong/addOrUpdateList': 'team:member:manage',
  'GET /project-belong/findProjectByProjectId/{id}': 'team:member:manage',
  'GET /team-jurisdiction/list': 'team:member:manage',
  'POST /team-jurisdiction': 'team:member:manage',
  'POST /team-jurisdiction/adds': 'team:member:manage',
  // Sales managers handle upgrades (section 1).
  'GET /team-admin/teams': 'sales:upgrade',
  'PUT /team-admin/teams/{id}': 'sales:upgrade',

  // Menus: each user's own, for their role and team.
  'GET /role-menu/{id}': 'signed-in',
  'GET /role-menu/changeTeam/{id}': 'signed-in',
  'GET /role-menu/router': 'signed-in',
  'GET /role-menu/router/team/{teamId}': 'signed-in',

  // Notices and misc: each user reads their own notices; sending is the administrator's.
  'PUT /notice/read/{id}': 'signed-in',
  'PUT /notice/read-type/{type}': 'signed-in',
  'GET /notice/{id}': 'signed-in',
  'DELETE /notice/type/{type}': 'signed-in',
  'GET /notice/page': 'signed-in',
  'GET /notice/type-status': 'signed-in',
  'POST /notice/send': 'notice:send',
  'GET /notice/tip-card': 'signed-in',
  'POST /product-version/find/version': 'public',
  'POST /feedback': 'signed-in',
  'GET /feedback/page': 'feedback:view',
  'PUT /feedback/{id}/handled': 'feedback:view',
  // The sign-in page shows the company name and logo before anyone signs in.
  'GET /dictionary-data/find/system/config': 'public',
  'PUT /dictionary-data/system/config': 'system:config',
  'POST /dictionary-data/system/logo': 'system:config',
  'GET /dictionary-data/find/system/img/category': 'public',
  'POST /dictionary-data/findData': 'public',
  'GET /global-config/getMinioKey': 'public',
  'GET /global-config/web/getMinioKey': 'public',
  'GET /sse/userConnect': 'signed-in',
  // A local deployment's licence is read and activated before anyone can sign in to a gated feature.
  'GET /license/info': 'public',
  'POST /license/activate': 'public',

  // Projects: viewers view; administrators add, edit, delete, configure and hand over.
  'POST /project/findPage': 'project:view',
  'POST /project': 'project:create',
  'PUT /project': 'project:edit',
  'GET /project/{id}': 'project:view',
  'DELETE /project/{id}': 'project:delete',
  'POST /project/find/List/map': 'project:view',
  'GET /project/find/mode/line': 'project:view',
  'POST /project/cover': 'project:edit',
  'POST /project/location/parse': 'project:edit',
  'POST /project/handover': 'project:handover',
  'GET /project-model/findByProjectId/{id}': 'project:view',
  'POST /project-model/initModel': 'project:model:upload',
  'POST /project-model/uploadModel': 'project:model:upload',
  // The resumable (tus) upload the model's upload calls lead to.
  'POST /project-model/upload': 'project:model:upload',
  'POST /project-model/start/unzip': 'project:model:upload',
  'POST /project-model/update/model/parameter': 'project:edit',
  'POST /project-model/update/model/position': 'project:edit',
  'POST /project-model/update/model/clip': 'project:edit',
  'GET /project-model/find/project/model/user': 'project:view',
  'GET /project-model/find/model/init/parameter/{id}': 'project:view',
  'POST /project-model/find/is/restore/{id}': 'project:view',
  'POST /project-model/restore/{id}': 'project:edit',
  'DELETE /project-model/delete/model/{id}': 'project:model:upload',
  // The tileset's files: whoever views the project sees its model.
  'GET /project-model/tiles/{projectId}/{version}/*': 'project:view',
  'GET /project-model/close/socket': 'signed-in',
  'GET /model-cutting/find/enable/{projectId}': 'project:view',
  'POST /project-type/findTeam': 'project:view',
  'POST /project-type': 'project:edit',
  'DELETE /project-type/{id}': 'project:edit',
  'POST /project-type/isEnable': 'project:edit',
  'GET /project-group/find/project/group': 'project:view',
  'GET /project-group/find/project/group/{id}': 'project:view',
  'POST /project-group': 'project:edit',
  'PUT /project-group': 'project:edit',
  'DELETE /project-group/{id}': 'project:edit',
  'POST /project-custom/findAllCustom': 'project:view',
  'POST /project-custom/findProjectCustomList': 'project:view',
  'PUT /project-custom': 'project:edit',
  'POST /project-custom/adds': 'project:edit',
  'DELETE /project-custom/delete': 'project:edit',
  'GET /project-report-position/{id}': 'project:view',
  'POST /project-report-position': 'report:generate',

  // Defect types and filters: the project's configuration is the administrator's; reports' filters the inspector's.
  'GET /disease-type/list': 'project:view',
  'POST /disease-type/list/type': 'project:view',
  'GET /disease-type/page': 'project:view',
  'POST /disease-type': 'project:config',
  'PUT /disease-type': 'project:config',
  'DELETE /disease-type/{id}': 'project:config',
  'POST /disease-type/adds': 'project:config',
  'POST /disease-type/findProjectDiseaseTypeList': 'project:view',
  'GET /disease-field/list': 'project:view',
  'POST /disease-field': 'project:config',
  'PUT /disease-field': 'project:config',
  'DELETE /disease-field/{id}': 'project:config',
  'POST /disease-field/import': 'project:config',
  'GET /disease-filter': 'project:view',
  'PUT /disease-filter': 'project:config',
  'POST /report-filter/adds': 'report:generate',
  'POST /report-filter/disease/type/adds': 'report:generate',
  'POST /report-filter/findConfiguration': 'report:view',
  'POST /report-filter/clean/type': 'report:generate',

  // Defects: everyone views; inspectors edit and delete.
  'POST /inspection-disease': 'defect:edit',
  'PUT /inspection-disease': 'defect:edit',
  'GET /inspection-disease/{id}': 'defect:view',
  'DELETE /inspection-disease/{id}': 'defect:edit',
  'DELETE /inspection-disease/deleteIds': 'defect:edit',
  'POST /inspection-disease/page': 'defect:view',
  'GET /inspection-disease/details/{id}': 'defect:view',
  'POST /inspection-disease/list': 'defect:view',
  'PUT /inspection-disease/update': 'defect:edit',
  // A star marks a defect for the team (the list's star filter), so it is an edit, not a viewer's bookmark.
  'PUT /inspection-disease/star': 'defect:edit',
  'PUT /inspection-disease/star-cancel': 'defect:edit',
  // The Excel export is a report of the Excel kind (SPEC section 3): those who generate reports export; everyone
  // who sees the defects sees the exports and downloads them.
  'POST /inspection-disease/export': 'defect:export',
  'GET /inspection-excel/files/{id}/{name}': 'defect:view',
  'PUT /inspection-disease/merge': 'defect:edit',
  'POST /inspection-disease/repeat': 'defect:view',
  'DELETE /inspection-disease/repeatDeleteIds': 'defect:edit',
  'POST /inspection-disease/space/find/type': 'defect:view',
  'POST /inspection-disease/space/find/level': 'defect:view',
  'POST /inspection-disease/space/find/component': 'defect:view',
  'POST /inspection-disease/list/img': 'defect:view',
  'POST /inspection-disease/list/imgS': 'defect:view',
  'POST /inspection-disease/find/old/near/disease': 'defect:view',
  'POST /inspection-disease/find/disease/coordinate': 'defect:view',
  'PUT /inspection-disease/calibration/init/{id}': 'defect:edit',
  'PUT /inspection-disease/calibration': 'defect:edit',
  'GET /inspection-disease/calibration/info': 'defect:view',
  'POST /inspection-disease-important': 'defect:edit',
  'PUT /inspection-disease-important': 'defect:edit',
  'POST /inspection-disease-important/batch': 'defect:edit',
  'DELETE /inspection-disease-important/batch': 'defect:edit',
  'GET /inspection-disease-important/{id}': 'defect:view',
  'POST /inspection-disease-important/find/history': 'defect:view',
  'POST /inspection-disease-important/find/disease/coordinate': 'defect:view',
  'POST /inspection-disease-important/screenshot': 'defect:edit',
  'POST /inspection-disease-relation/find/compare/disease': 'defect:view',
  'POST /inspection-disease-relation/find/page': 'defect:view',
  'POST /inspection-disease-relation/find/all': 'defect:view',
  'POST /inspection-disease-his-pre/find/page': 'defect:view',
  'POST /inspection-disease-his-pre/count/history/disease': 'defect:view',
  'POST /inspection-disease-his-pre/again/bind': 'defect:edit',
  'GET /inspection-disease-his-pre/total/his/sum/{id}': 'defect:view',
  'PUT /inspection-disease-his-pre/match': 'defect:edit',

  // AI screening: inspectors screen images and review what the AI found.
  'POST /ai-check/{inspectionId}': 'image:screen',
  'PUT /ai-check/cancel/{id}': 'image:screen',
  'PUT /ai-check/jump-in-queue/{id}': 'image:screen',
  'GET /ai-check/queue-position/{inspectionId}': 'inspection:view',
  'POST /inspection-image/img-ai-info/{id}': 'defect:view',
  'POST /inspection-image/page/ai': 'defect:view',
  'POST /inspection-image/review': 'defect:review',
  'POST /inspection-image/review-all': 'defect:review',
  'POST /inspection-image/revoke-review': 'defect:review',
  'POST /inspection-image/ai-feedback': 'defect:review',
  'GET /inspection-image/ai-feedback': 'defect:view',
  'GET /inspection-task/space-marking-distance/{id}': 'inspection:view',
  'GET /inspection-image/no-space-marking/infos': 'inspection:view',
  'POST /project-tag/3d/{projectId}/{inspectionId}': 'image:screen',
  // Learned models and training sets (issue 14): those who run AI screening manage the team's models and export
  // training sets; viewers read them.
  'POST /ai-model': 'image:screen',
  'GET /ai-model/list': 'inspection:view',
  'GET /ai-model/{id}': 'inspection:view',
  'DELETE /ai-model/{id}': 'image:screen',
  'GET /ai-model/choice': 'inspection:view',
  'PUT /ai-model/choice': 'image:screen',
  'POST /ai-training-set/{inspectionId}': 'image:screen',
  'GET /ai-training-set/list': 'inspection:view',
  'DELETE /ai-training-set/{id}': 'image:screen',
  'GET /ai-training-set/files/{id}/{name}': 'inspection:view',

  // Inspections and images: administrators add, edit and delete inspections; inspectors upload and mark images.
  'POST /inspection-task/add': 'inspection:create',
  'PUT /inspection-task': 'inspection:edit',
  'GET /inspection-task/list': 'inspection:view',
  'GET /inspection-task': 'inspection:view',
  'GET /inspection-task/info': 'inspection:view',
  'DELETE /inspection-task': 'inspection:delete',
  'GET /inspection-task/find/old/inspection': 'inspection:view',
  'GET /inspection-task/isRecycle/{id}': 'inspection:view',
  'POST /inspection-task/spaceMakeFindList': 'inspection:view',
  // Photos: members who view the inspection list and open them; those who upload them may delete them.
  'POST /inspection-image/findPage': 'inspection:view',
  'POST /inspection-image/page/img': 'inspection:view',
  'GET /inspection-image/{id}': 'inspection:view',
  'DELETE /inspection-image/{id}': 'image:upload',
  'DELETE /inspection-image/batch': 'image:upload',
  // The resumable (tus) photo upload, and a photo's thumbnail, preview and original.
  'POST /inspection-image/upload': 'image:upload',
  'GET /inspection-image/files/{inspectionId}/{imageId}/{variant}': 'inspection:view',
  // The full-resolution viewer: a photo's tile pyramid, made when first opened, and its tiles.
  'GET /inspection-image/{id}/pyramid': 'inspection:view',
  'POST /inspection-image/{id}/pyramid': 'inspection:view',
  'GET /inspection-image/tiles/{inspectionId}/{imageId}/{level}/{tile}': 'inspection:view',
  // Changing photos: their name, category and group are the uploader's; screening status and favourite the screener's.
  'POST /inspection-image/update/img': 'image:upload',
  'POST /inspection-image/update/images': 'image:upload',
  'DELETE /inspection-image/file/{fileId}': 'image:upload',
  'PUT /inspection-image': 'image:screen',
  'POST /inspection-image/inspect-img': 'image:screen',
  'POST /inspection-image/findInspectionAllImages/{id}': 'inspection:view',
  'POST /inspection-image/find/pose': 'inspection:view',
  'POST /inspection-image/pose/add': 'image:upload',
  'POST /inspection-image/pose/restore': 'image:upload',
  'POST /inspection-image/img/move/spaceMarking': 'image:screen',
  'POST /inspection-image/find/history/imgs': 'inspection:view',
  'GET /inspection-image/find/collision/distance': 'inspection:view',
  'POST /inspection-image-group': 'inspection:edit',
  'PUT /inspection-image-group/{id}': 'inspection:edit',
  'DELETE /inspection-image-group/{id}': 'inspection:edit',
  'GET /inspection-image-group/tree': 'inspection:view',
  'POST /images-record/adds': 'image:upload',
  'POST /images-record/page': 'inspection:view',
  'GET /images-record/{id}': 'inspection:view',
  'GET /camera-param/list': 'inspection:view',
  'POST /camera-param/import': 'inspection:edit',
  // High-precision transform: those who upload photos import the pose export, start, cancel and delete its
  // computation, and upload the point cloud; everyone who sees the inspection sees its state.
  'GET /model-image/find': 'inspection:view',
  'POST /model-image/init': 'image:upload',
  'POST /model-image/upload': 'image:upload',
  'POST /model-image/cancel': 'image:upload',
  'DELETE /model-image/{id}': 'image:upload',
  'GET /model-image/pcd/find': 'project:view',
  'POST /model-image/pcd/init': 'image:upload',
  'POST /model-image/pcd/upload': 'image:upload',
  'DELETE /model-image/pcd/{id}': 'image:upload',
  'GET /inspection-excel/find/page': 'defect:view',
  'DELETE /inspection-excel/{id}': 'defect:export',
  // Inspection reports: those who generate reports create, regenerate and delete them; everyone reads them.
  'POST /inspection-report': 'report:generate',
  'POST /inspection-report/{id}/again': 'report:generate',
  'GET /inspection-report/find/page': 'report:view',
  'GET /inspection-report/{id}': 'report:view',
  'DELETE /inspection-report/{id}': 'report:generate',
  'GET /inspection-report/files/{id}/{name}': 'report:view',
  'GET /inspection-report/preview/{id}': 'report:view',

  // Spatial markers: the marker tree is project configuration; binding photos to markers is marking images.
  'POST /space-marking/findTree': 'project:view',
  'POST /space-marking/findChildList': 'project:view',
  'POST /space-marking/findChildList/img': 'project:view',
  'POST /space-marking/addOrUpdate': 'project:config',
  'POST /space-marking/adds': 'project:config',
  'POST /space-marking/deletes': 'project:config',
  'POST /space-marking/update/gps': 'project:config',
  'POST /space-marking/updates/name': 'project:config',
  'POST /space-marking/reselection/position': 'project:config',
  'POST /space-marking/judge/pose': 'project:view',
  'POST /space-marking/adjust/spaceMarking': 'project:config',
  'POST /space-marking/update/marking/img': 'image:screen',
  'POST /space-marking/update/sort': 'project:config',
  'POST /space-marking/bottom': 'project:config',
  'POST /space-marking/find/project/all/space/marking': 'project:view',
  'POST /space-marking/temporary/find/space/group/bind/node': 'project:view',
  'DELETE /space-marking/{id}': 'project:config',
  'GET /space-marking/img-space-marking': 'project:view',
  'GET /space-marking/adjust/project/spaceMarking/version/{id}': 'project:view',
  'POST /space-image-assoc/findSpaceImages': 'inspection:view',
  'POST /space-image-assoc/adds': 'image:screen',
  'POST /space-image-assoc/findSpaceList': 'inspection:view',
  'POST /space-image-assoc/find/images/no/bind/img': 'inspection:view',
  'POST /space-image-assoc/find/history/SpaceImages': 'inspection:view',
  'DELETE /space-image-assoc/deletes/ids': 'image:screen',
  'DELETE /space-image-assoc/delete/spaceAssoceDelete': 'image:screen',

  // Recycle bin: the administrator's.
  'GET /transaction': 'recycle:view',
  'POST /transaction/data/restore': 'recycle:manage',
  'POST /transaction/data/delete': 'recycle:manage',
  'POST /transaction/clean': 'recycle:manage',
  'GET /transaction/total/size': 'recycle:view',

  // Monitoring: everyone views; administrators edit monitoring data; inspectors generate its reports.
  // Writes the monitoring report again from today's data: a report generated, as create/monitor/report.
  'POST /inspection-report/again/monitor/data': 'report:generate',
  'POST /inspection-report/create/monitor/report': 'report:generate',
  'GET /monitor-point/list': 'monitor:view',
  'POST /monitor-point': 'monitor:edit',
  'POST /monitor-point/batch': 'monitor:edit',
  'PUT /monitor-point': 'monitor:edit',
  'PUT /monitor-point/threshold/batch': 'monitor:edit',
  'DELETE /monitor-point/{id}': 'monitor:edit',
  'DELETE /monitor-point/batch': 'monitor:edit',
  'GET /monitor-point-displacement/list': 'monitor:view',
  'POST /monitor-point-displacement': 'monitor:edit',
  'PUT /monitor-point-displacement': 'monitor:edit',
  'POST /monitor-point-displacement/batch': 'monitor:edit',
  'DELETE /monitor-point-displacement/{id}': 'monitor:edit',
  'GET /tag-displacement/analysis/line-chart': 'monitor:view',
  'POST /tag-displacement/image-tags/{imageId}': 'monitor:edit',
  'POST /tag-displacement/images-tags': 'monitor:edit',
  'GET /tag-displacement/images': 'monitor:view',
  'GET /tag-displacement/baselines': 'monitor:view',
  'POST /project-tag': 'monitor:edit',
  'POST /project-tag/find/tag/list': 'monitor:view',
  'DELETE /project-tag/deleteByIds': 'monitor:edit',
  'PUT /project-tag/threshold/batch': 'monitor:edit',
} as const satisfies Record<string, CallAccess>;

/** A call's key in CALL_ACCESS style: the method, and the path under /api with each parameter written `{}`. */
export function callKey(method: string, path: string): string {
  const bare = path.replace(/^\/api(?=\/)/, '').replace(/\{[^}]+\}|:[A-Za-z_]\w*/g, '{}');
  return `${method.toUpperCase()} ${bare}`;
}

const ACCESS_BY_KEY = new Map<string, CallAccess>(
  Object.entries(CALL_ACCESS).map(([call, access]) => {
    const [method = '', path = ''] = call.split(' ');
    return [callKey(method, path), access];
  }),
);

/** The rule for a call (a route's method and url, with `:param` or `{param}`), or undefined when it has none. */
export function callAccessOf(method: string, path: string): CallAccess | undefined {
  return ACCESS_BY_KEY.get(callKey(method, path));
}

/** Whether a signed-in user holding `permissions` may make the call, by the table; a call with no rule is refused. */
export function permitsCall(permissions: readonly Permission[], method: string, path: string): boolean {
  const rule = callAccessOf(method, path);
  return rule === 'public' || rule === 'signed-in' || (rule !== undefined && permissions.includes(rule));
}

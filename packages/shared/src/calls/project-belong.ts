import { z } from 'zod';
import { idParam } from '../schemas/fields.js';
import {
  bindProjectUsersBodySchema,
  bindUserProjectsBodySchema,
  bindUserProjectsBatchBodySchema,
  memberJurisdictionSchema,
  projectMemberSchema,
  projectRefSchema,
} from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const projectBelongCalls = {
  // SPEC section 7 names this call twice: under project-belong and under team-jurisdiction.
  bindUserToProjects: defineCall({
    method: 'POST',
    path: '/project-belong/bingUserToProjectS',
    body: bindUserProjectsBodySchema,
    response: z.null(),
  }),
  assignProjectsToMember: defineCall({
    method: 'POST',
    path: '/team-jurisdiction',
    body: bindUserProjectsBodySchema,
    response: z.null(),
  }),
  projectsOfMember: defineCall({
    method: 'GET',
    path: '/project-belong/findProjectByUser/{userId}',
    params: z.object({ userId: idParam }),
    response: z.array(projectRefSchema),
  }),
  myProjects: defineCall({
    method: 'GET',
    path: '/project-belong/findProjectByUserId',
    response: z.array(projectRefSchema),
  }),
  assignMembersToProject: defineCall({
    method: 'POST',
    path: '/project-belong/addOrUpdateList',
    body: bindProjectUsersBodySchema,
    response: z.null(),
  }),
  membersOfProject: defineCall({
    method: 'GET',
    path: '/project-belong/findProjectByProjectId/{id}',
    params: idParams,
    response: z.array(projectMemberSchema),
  }),
  jurisdiction: defineCall({
    method: 'GET',
    path: '/team-jurisdiction/list',
    response: z.array(memberJurisdictionSchema),
  }),
  assignProjectsToMembers: defineCall({
    method: 'POST',
    path: '/team-jurisdiction/adds',
    body: bindUserProjectsBatchBodySchema,
    response: z.null(),
  }),
};

import { z } from 'zod';
import {
  bindProjectUsersBodySchema,
  bindUserProjectsBatchBodySchema,
  bindUserProjectsBodySchema,
  idParam,
  memberJurisdictionSchema,
  projectMemberSchema,
  projectRefSchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectBelongService } from './project-belong.service.js';

const tags = ['project-belong'];

export function registerProjectBelongRoutes(router: Router, deps: { belong: ProjectBelongService }): void {
  const { belong } = deps;

  /** SPEC section 7 names this call twice: under project-belong and under team-jurisdiction. */
  const registerAssignProjectsToMember = (url: string) =>
    router.user({
      method: 'POST',
      url,
      summary: "Replace a member's projects",
      tags,
      permission: 'team:member:manage',
      body: bindUserProjectsBodySchema,
      response: z.null(),
      handler: async ({ auth, body }) => {
        await belong.assignProjectsToMember(auth, body);
        return null;
      },
    });

  router.user({
    method: 'GET',
    url: '/api/project-belong/findProjectByUser/:userId',
    summary: "A team member's projects",
    tags,
    permission: 'team:member:manage',
    params: z.object({ userId: idParam }),
    response: z.array(projectRefSchema),
    handler: ({ auth, params }) => belong.projectsOfMember(auth, params.userId),
  });

  router.user({
    method: 'GET',
    url: '/api/project-belong/findProjectByUserId',
    summary: "The caller's projects (every project of the team for owners and administrators)",
    tags,
    permission: 'project:view',
    response: z.array(projectRefSchema),
    handler: ({ auth }) => belong.myProjects(auth),
  });

  registerAssignProjectsToMember('/api/project-belong/bingUserToProjectS');

  router.user({
    method: 'POST',
    url: '/api/project-belong/addOrUpdateList',
    summary: "Replace a project's members",
    tags,
    permission: 'team:member:manage',
    body: bindProjectUsersBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await belong.assignMembersToProject(auth, body);
      return null;
    },
  });

  router.user({
    method: 'GET',
    url: '/api/project-belong/findProjectByProjectId/:id',
    summary: "A project's members",
    tags,
    permission: 'team:member:manage',
    params: z.object({ id: idParam }),
    response: z.array(projectMemberSchema),
    handler: ({ auth, params }) => belong.membersOfProject(auth, params.id),
  });

  router.user({
    method: 'GET',
    url: '/api/team-jurisdiction/list',
    summary: 'Every member of the team with the projects they hold',
    tags,
    permission: 'team:member:manage',
    response: z.array(memberJurisdictionSchema),
    handler: ({ auth }) => belong.jurisdiction(auth),
  });

  registerAssignProjectsToMember('/api/team-jurisdiction');

  router.user({
    method: 'POST',
    url: '/api/team-jurisdiction/adds',
    summary: 'Replace the projects of several members at once',
    tags,
    permission: 'team:member:manage',
    body: bindUserProjectsBatchBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await belong.assignProjectsToMembers(auth, body);
      return null;
    },
  });
}

import { projectBelongCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectBelongService } from './project-belong.service.js';

const tags = ['project-belong'];

export function registerProjectBelongRoutes(router: Router, deps: { belong: ProjectBelongService }): void {
  const { belong } = deps;

  /** SPEC section 7 names this call twice: under project-belong and under team-jurisdiction. */
  const registerAssignProjectsToMember = (
    call: typeof projectBelongCalls.bindUserToProjects | typeof projectBelongCalls.assignProjectsToMember,
  ) =>
    router.user({
      call,
      summary: "Replace a member's projects",
      tags,
      permission: 'team:member:manage',
      handler: async ({ auth, body }) => {
        await belong.assignProjectsToMember(auth, body);
        return null;
      },
    });

  router.user({
    call: projectBelongCalls.projectsOfMember,
    summary: "A team member's projects",
    tags,
    permission: 'team:member:manage',
    handler: ({ auth, params }) => belong.projectsOfMember(auth, params.userId),
  });

  router.user({
    call: projectBelongCalls.myProjects,
    summary: "The caller's projects (every project of the team for owners and administrators)",
    tags,
    permission: 'project:view',
    handler: ({ auth }) => belong.myProjects(auth),
  });

  registerAssignProjectsToMember(projectBelongCalls.bindUserToProjects);

  router.user({
    call: projectBelongCalls.assignMembersToProject,
    summary: "Replace a project's members",
    tags,
    permission: 'team:member:manage',
    handler: async ({ auth, body }) => {
      await belong.assignMembersToProject(auth, body);
      return null;
    },
  });

  router.user({
    call: projectBelongCalls.membersOfProject,
    summary: "A project's members",
    tags,
    permission: 'team:member:manage',
    handler: ({ auth, params }) => belong.membersOfProject(auth, params.id),
  });

  router.user({
    call: projectBelongCalls.jurisdiction,
    summary: 'Every member of the team with the projects they hold',
    tags,
    permission: 'team:member:manage',
    handler: ({ auth }) => belong.jurisdiction(auth),
  });

  registerAssignProjectsToMember(projectBelongCalls.assignProjectsToMember);

  router.user({
    call: projectBelongCalls.assignProjectsToMembers,
    summary: 'Replace the projects of several members at once',
    tags,
    permission: 'team:member:manage',
    handler: async ({ auth, body }) => {
      await belong.assignProjectsToMembers(auth, body);
      return null;
    },
  });
}

import { z } from 'zod';
import {
  changePasswordBodySchema,
  changePhoneBodySchema,
  checkPasswordQuerySchema,
  profileBodySchema,
  userInfoSchema,
} from '../schemas/auth.js';
import {
  headPortraitQuerySchema,
  headPortraitResultSchema,
  passwordCheckResultSchema,
  teamRoleUserQuerySchema,
  teamRoleUserSchema,
  userDetailsQuerySchema,
} from '../schemas/user.js';
import { defineCall } from './define.js';

export const userClientCalls = {
  checkPassword: defineCall({
    method: 'GET',
    path: '/user-client/check-password',
    query: checkPasswordQuerySchema,
    response: passwordCheckResultSchema,
  }),
  updateProfile: defineCall({ method: 'PUT', path: '/user-client', body: profileBodySchema, response: userInfoSchema }),
  changePhone: defineCall({
    method: 'PUT',
    path: '/user-client/phone',
    body: changePhoneBodySchema,
    response: userInfoSchema,
  }),
  details: defineCall({
    method: 'GET',
    path: '/user-client/details',
    query: userDetailsQuerySchema,
    response: userInfoSchema,
  }),
  changePassword: defineCall({
    method: 'PUT',
    path: '/user-client/password',
    body: changePasswordBodySchema,
    response: z.null(),
  }),
  uploadAvatar: defineCall({
    method: 'PUT',
    path: '/user-client/head-portrait',
    query: headPortraitQuerySchema,
    multipart: true,
    response: headPortraitResultSchema,
  }),
  tempOffline: defineCall({ method: 'POST', path: '/user-client/temp-offline', response: z.null() }),
  wakeUp: defineCall({ method: 'POST', path: '/user-client/wake-up', response: z.null() }),
  teamRoleUsers: defineCall({
    method: 'GET',
    path: '/user-client/findTeamRoleUser',
    query: teamRoleUserQuerySchema,
    response: z.array(teamRoleUserSchema),
  }),
};

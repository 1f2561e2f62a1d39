import { z } from 'zod';
import {
  captchaSchema,
  checkCodeQuerySchema,
  checkPhoneQuerySchema,
  fileLinkQuerySchema,
  fileLinkSchema,
  loginBodySchema,
  loginResultSchema,
  registerBodySchema,
  retrieveBodySchema,
  smsQuerySchema,
} from '../schemas/auth.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const authCalls = {
  login: defineCall({ method: 'POST', path: '/web/login', body: loginBodySchema, response: loginResultSchema }),
  logout: defineCall({ method: 'POST', path: '/web/logout', response: z.null() }),
  register: defineCall({
    method: 'POST',
    path: '/web/register',
    body: registerBodySchema,
    response: z.object({ userId: z.number().int() }),
  }),
  retrieve: defineCall({ method: 'POST', path: '/web/retrieve', body: retrieveBodySchema, response: z.null() }),
  sendSms: defineCall({ method: 'POST', path: '/web/sms', query: smsQuerySchema, response: z.null() }),
  checkCode: defineCall({
    method: 'POST',
    path: '/web/check-code',
    query: checkCodeQuerySchema,
    response: z.object({ valid: z.boolean() }),
  }),
  checkPhone: defineCall({
    method: 'POST',
    path: '/web/check-phone',
    query: checkPhoneQuerySchema,
    response: z.object({ registered: z.boolean() }),
  }),
  captcha: defineCall({ method: 'GET', path: '/web/verification-code', response: captchaSchema }),
  checkSession: defineCall({
    method: 'GET',
    path: '/web/check',
    response: z.object({ valid: z.boolean(), userId: z.number().int() }),
  }),
  userCard: defineCall({
    method: 'GET',
    path: '/web/info/{id}',
    params: idParams,
    response: z.object({ userId: z.number().int(), name: z.string(), headImgUrl: z.string().nullable() }),
  }),
  fileLink: defineCall({ method: 'GET', path: '/web/file-link', query: fileLinkQuerySchema, response: fileLinkSchema }),
};

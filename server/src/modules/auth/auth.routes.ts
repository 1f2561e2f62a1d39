import { z } from 'zod';
import {
  AppError,
  captchaSchema,
  checkCodeQuerySchema,
  checkPhoneQuerySchema,
  idParam,
  loginBodySchema,
  loginResultSchema,
  registerBodySchema,
  retrieveBodySchema,
  smsQuerySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { requestLanguage } from '../../platform/http/language.js';
import type { AuthRepo } from './auth.repo.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

export function registerAuthRoutes(router: Router, deps: { auth: AuthService; repo: AuthRepo }): void {
  const { auth } = deps;

  router.public({
    method: 'POST',
    url: '/api/web/login',
    summary: 'Log in by account or phone and password',
    tags,
    body: loginBodySchema,
    response: loginResultSchema,
    rateLimitPerMinute: 30,
    handler: ({ body }) => auth.login(body),
  });

  router.user({
    method: 'POST',
    url: '/api/web/logout',
    summary: 'Log out this session',
    tags,
    response: z.null(),
    handler: async ({ auth: caller }) => {
      await auth.logout(caller);
      return null;
    },
  });

  router.public({
    method: 'POST',
    url: '/api/web/register',
    summary: 'Register with phone, SMS code and password',
    tags,
    body: registerBodySchema,
    response: z.object({ userId: z.number().int() }),
    rateLimitPerMinute: 20,
    handler: ({ body, request }) => auth.register({ ...body, language: requestLanguage(request) }),
  });

  router.public({
    method: 'POST',
    url: '/api/web/retrieve',
    summary: 'Set a new password with an SMS code',
    tags,
    body: retrieveBodySchema,
    response: z.null(),
    rateLimitPerMinute: 20,
    handler: async ({ body }) => {
      await auth.retrieve(body);
      return null;
    },
  });

  router.public({
    method: 'POST',
    url: '/api/web/sms',
    summary: 'Send an SMS code (limits per minute, hour and day)',
    tags,
    query: smsQuerySchema,
    response: z.null(),
    rateLimitPerMinute: 10,
    handler: async ({ query }) => {
      await auth.sendSms(query);
      return null;
    },
  });

  router.public({
    method: 'POST',
    url: '/api/web/check-code',
    summary: 'Check an SMS code without using it',
    tags,
    query: checkCodeQuerySchema,
    response: z.object({ valid: z.boolean() }),
    rateLimitPerMinute: 20,
    handler: ({ query }) => auth.checkCode(query),
  });

  router.public({
    method: 'POST',
    url: '/api/web/check-phone',
    summary: 'Whether a phone number is registered',
    tags,
    query: checkPhoneQuerySchema,
    response: z.object({ registered: z.boolean() }),
    rateLimitPerMinute: 30,
    handler: ({ query }) => auth.checkPhone(query.phone),
  });

  router.public({
    method: 'GET',
    url: '/api/web/verification-code',
    summary: 'A captcha image (SVG data URL) and its id',
    tags,
    response: captchaSchema,
    rateLimitPerMinute: 60,
    handler: () => auth.captcha(),
  });

  router.user({
    method: 'GET',
    url: '/api/web/check',
    summary: 'Whether the token is still valid',
    tags,
    response: z.object({ valid: z.boolean(), userId: z.number().int() }),
    handler: async ({ auth: caller }) => ({ valid: true, userId: caller.userId }),
  });

  router.public({
    method: 'GET',
    url: '/api/web/info/:id',
    summary: "A user's public card (name and avatar), as shown on an invitation",
    tags,
    params: z.object({ id: idParam }),
    response: z.object({ userId: z.number().int(), name: z.string(), headImgUrl: z.string().nullable() }),
    handler: async ({ params }) => {
      const user = await deps.repo.findUserById(params.id);
      if (!user) throw new AppError('USER_NOT_EXISTING');
      return { userId: user.id, name: user.name, headImgUrl: user.head_img_url };
    },
  });
}

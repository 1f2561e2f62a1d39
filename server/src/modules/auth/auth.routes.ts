import { authCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { requestLanguage } from '../../platform/http/language.js';
import type { AuthService } from './auth.service.js';

const tags = ['auth'];

export function registerAuthRoutes(router: Router, deps: { auth: AuthService }): void {
  const { auth } = deps;

  router.public({
    call: authCalls.login,
    summary: 'Log in by account or phone and password',
    tags,
    rateLimitPerMinute: 30,
    handler: ({ body }) => auth.login(body),
  });

  router.user({
    call: authCalls.logout,
    summary: 'Log out this session',
    tags,
    handler: async ({ auth: caller }) => {
      await auth.logout(caller);
      return null;
    },
  });

  router.public({
    call: authCalls.register,
    summary: 'Register with phone, SMS code and password',
    tags,
    rateLimitPerMinute: 20,
    handler: ({ body, request }) => auth.register({ ...body, language: requestLanguage(request) }),
  });

  router.public({
    call: authCalls.retrieve,
    summary: 'Set a new password with an SMS code',
    tags,
    rateLimitPerMinute: 20,
    handler: async ({ body }) => {
      await auth.retrieve(body);
      return null;
    },
  });

  router.public({
    call: authCalls.sendSms,
    summary: 'Send an SMS code (limits per minute, hour and day)',
    tags,
    rateLimitPerMinute: 10,
    handler: async ({ query }) => {
      await auth.sendSms(query);
      return null;
    },
  });

  router.public({
    call: authCalls.checkCode,
    summary: 'Check an SMS code without using it',
    tags,
    rateLimitPerMinute: 20,
    handler: ({ query }) => auth.checkCode(query),
  });

  router.public({
    call: authCalls.checkPhone,
    summary: 'Whether a phone number is registered',
    tags,
    rateLimitPerMinute: 30,
    handler: ({ query }) => auth.checkPhone(query.phone),
  });

  router.public({
    call: authCalls.captcha,
    summary: 'A captcha image (SVG data URL) and its id',
    tags,
    rateLimitPerMinute: 60,
    handler: () => auth.captcha(),
  });

  router.user({
    call: authCalls.checkSession,
    summary: 'Whether the token is still valid',
    tags,
    handler: async ({ auth: caller }) => ({ valid: true, userId: caller.userId }),
  });

  router.public({
    call: authCalls.userCard,
    summary:
      "A user's card (name and avatar), for the user and their team mates; anyone else is told USER_NOT_EXISTING",
    tags,
    handler: ({ params, auth: caller }) => auth.userCard(caller, params.id),
  });
}

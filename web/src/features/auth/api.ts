import { useMutation, useQuery } from '@tanstack/react-query';
import type { LoginBody, LoginResult, RegisterBody, RetrieveBody, SmsScene } from '@sightline/shared';
import { request } from '../../api/client';

export interface Captcha {
  captchaId: string;
  /** An SVG data URL. */
  image: string;
}

export const authKeys = {
  captcha: (scope: string) => ['auth', 'captcha', scope] as const,
};

/** A fresh image code for the SMS send of one form (`scope` keeps forms apart); refetch() renews it. */
export function useCaptcha(scope: string) {
  return useQuery({
    queryKey: authKeys.captcha(scope),
    queryFn: ({ signal }) => request<Captcha>('/web/verification-code', { signal, quiet: true }),
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** LOGIN_REPEATED (2003) is the caller's to explain: it asks whether to force the other session offline. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) =>
      request<LoginResult>('/web/login', { method: 'POST', body, quietKeys: ['LOGIN_REPEATED'] }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => request<unknown>('/web/register', { method: 'POST', body }),
  });
}

export function useRetrievePassword() {
  return useMutation({
    mutationFn: (body: RetrieveBody) => request<unknown>('/web/retrieve', { method: 'POST', body }),
  });
}

export interface SmsRequest {
  phone: string;
  scene: SmsScene;
  captchaId: string;
  captchaCode: string;
}

export function useSendSms() {
  return useMutation({
    mutationFn: (query: SmsRequest) => request<unknown>('/web/sms', { method: 'POST', query: { ...query } }),
  });
}

/** Whether a phone already has an account (register page: "already registered, log in directly"). */
export function useCheckPhone() {
  return useMutation({
    mutationFn: (phone: string) =>
      request<{ registered: boolean }>('/web/check-phone', { method: 'POST', query: { phone }, quiet: true }),
  });
}

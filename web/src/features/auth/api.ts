import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginResult, RegisterBody, RetrieveBody } from '@sightline/shared';
import { request } from '../../api/client';

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

/** Whether a phone already has an account (register page: "already registered, log in directly"). */
export function useCheckPhone() {
  return useMutation({
    mutationFn: (phone: string) =>
      request<{ registered: boolean }>('/web/check-phone', { method: 'POST', query: { phone }, quiet: true }),
  });
}

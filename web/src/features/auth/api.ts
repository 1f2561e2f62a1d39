import { authCalls } from '@sightline/shared';
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, RetrieveBody } from '@sightline/shared';
import { call } from '../../api/client';

/** LOGIN_REPEATED (2003) is the caller's to explain: it asks whether to force the other session offline. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => call(authCalls.login, { body, quietKeys: ['LOGIN_REPEATED'] }),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: (body: RegisterBody) => call(authCalls.register, { body }),
  });
}

export function useRetrievePassword() {
  return useMutation({
    mutationFn: (body: RetrieveBody) => call(authCalls.retrieve, { body }),
  });
}

/** Whether a phone already has an account (register page: "already registered, log in directly"). */
export function useCheckPhone() {
  return useMutation({
    mutationFn: (phone: string) => call(authCalls.checkPhone, { query: { phone }, quiet: true }),
  });
}

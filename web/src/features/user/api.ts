import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, Language, ProfileBody, UserInfo } from '@sightline/shared';
import { request } from '../../api/client';
import { useSessionStore } from '../../stores/session-store';

export const userKeys = {
  all: ['user'] as const,
  details: () => [...userKeys.all, 'details'] as const,
};

export function fetchUserDetails(signal?: AbortSignal): Promise<UserInfo> {
  return request<UserInfo>('/user-client/details', { query: { clientType: 'PC' }, signal });
}

export const userDetailsQuery = () =>
  queryOptions({
    queryKey: userKeys.details(),
    queryFn: ({ signal }) => fetchUserDetails(signal),
  });

/** The signed-in user's details (cached by the session bootstrap; disabled once the session ends). */
export function useUserDetails() {
  const ready = useSessionStore((state) => state.status === 'ready');
  return useQuery({ ...userDetailsQuery(), enabled: ready });
}

function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: userKeys.all });
}

const updateProfile = (body: ProfileBody) => request<unknown>('/user-client', { method: 'PUT', body });

/** Saves only the language with the user; the rest of the profile stays as it is. */
export function saveProfileLanguage(user: UserInfo, language: Language): Promise<unknown> {
  return updateProfile({ name: user.name, language });
}

export function useUpdateProfile() {
  const invalidate = useInvalidateUser();
  return useMutation({ mutationFn: updateProfile, onSuccess: invalidate });
}

/**
 * Keeps a language picked in the header with the signed-in user: the profile's language is applied at every
 * start of the app, which would otherwise switch back.
 */
export function useSaveLanguage(): (language: Language) => void {
  const { data: user } = useUserDetails();
  const update = useUpdateProfile();
  return (language) => {
    if (user && user.language !== language) update.mutate({ name: user.name, language });
  };
}

export function useChangePhone() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (body: { phone: string; smsCode: string }) =>
      request<unknown>('/user-client/phone', { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => request<unknown>('/user-client/password', { method: 'PUT', body }),
  });
}

export function useUploadAvatar() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<{ headImgUrl: string }>('/user-client/head-portrait', { method: 'PUT', form });
    },
    onSuccess: invalidate,
  });
}

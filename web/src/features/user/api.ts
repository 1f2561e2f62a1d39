import { userClientCalls } from '@sightline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody, Language, UserInfo } from '@sightline/shared';
import { call } from '../../api/client';
import { teamKeys, userKeys } from '../../api/query-keys';
import { saveProfileLanguage, updateProfile, useUserDetails } from '../../api/user';

/** The user's name, phone and avatar show in the team's member lists too. */
function useInvalidateUser() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    ]);
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
  const invalidate = useInvalidateUser();
  const save = useMutation({
    mutationFn: (choice: { user: UserInfo; language: Language }) => saveProfileLanguage(choice.user, choice.language),
    onSuccess: invalidate,
  });
  return (language) => {
    if (user && user.language !== language) save.mutate({ user, language });
  };
}

export function useChangePhone() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (body: { phone: string; smsCode: string }) => call(userClientCalls.changePhone, { body }),
    onSuccess: invalidate,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => call(userClientCalls.changePassword, { body }),
  });
}

export function useUploadAvatar() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(userClientCalls.uploadAvatar, { form });
    },
    onSuccess: invalidate,
  });
}

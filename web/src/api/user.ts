import { userClientCalls } from '@sightline/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Language, ProfileBody, UserInfo } from '@sightline/shared';
import { useSignedIn } from '../stores/session-store';
import { call } from './client';
import { userKeys } from './query-keys';

/** The signed-in user's details (PC client), as the session bootstrap and every page read them. */
export const userDetailsQuery = () =>
  queryOptions({
    queryKey: userKeys.details(),
    queryFn: ({ signal }) => call(userClientCalls.details, { query: { clientType: 'PC' }, signal }),
  });

/** The signed-in user's details (cached by the session bootstrap; disabled once the session ends). */
export function useUserDetails() {
  const ready = useSignedIn();
  return useQuery({ ...userDetailsQuery(), enabled: ready });
}

export const updateProfile = (body: ProfileBody) => call(userClientCalls.updateProfile, { body });

/** Saves only the language with the user; the rest of the profile stays as it is. */
export function saveProfileLanguage(user: UserInfo, language: Language): Promise<unknown> {
  return updateProfile({ name: user.name, language });
}

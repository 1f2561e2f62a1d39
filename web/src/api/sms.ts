import { authCalls } from '@sightline/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { SmsScene } from '@sightline/shared';
import { call } from './client';
import { captchaKeys } from './query-keys';

/** The image code and the SMS code of the forms that verify a phone (register, retrieve, change phone). */

export interface Captcha {
  captchaId: string;
  /** An SVG data URL. */
  image: string;
}

/** A fresh image code for the SMS send of one form (`scope` keeps forms apart); refetch() renews it. */
export function useCaptcha(scope: string) {
  return useQuery({
    queryKey: captchaKeys.captcha(scope),
    queryFn: ({ signal }) => call(authCalls.captcha, { signal, quiet: true }),
    staleTime: Infinity,
    gcTime: 0,
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
    mutationFn: (query: SmsRequest) => call(authCalls.sendSms, { query: { ...query } }),
  });
}

import { PHONE_PATTERN, normalizePhone, type LoginBody } from '@sightline/shared';

export interface LoginValues {
  identifier: string;
  password: string;
}

/** One field takes an account or a phone number; a phone-shaped value is sent as the phone. */
export function toLoginBody(values: LoginValues, force: boolean): LoginBody {
  const identifier = values.identifier.trim();
  const phone = normalizePhone(identifier);
  const who = PHONE_PATTERN.test(phone) ? { phone } : { account: identifier };
  return { ...who, password: values.password, clientType: 'PC', force };
}

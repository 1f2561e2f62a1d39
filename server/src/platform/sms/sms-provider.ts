import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@sightline/shared';

export interface SmsMessage {
  phone: string;
  code: string;
  scene: string;
}

/** Sends SMS codes. The built-in provider writes them to the log; a gateway plugs in over HTTP. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export function createLogSmsProvider(log: FastifyBaseLogger): SmsProvider {
  return {
    async send({ phone, code, scene }) {
      log.info({ phone, scene, smsCode: code }, `SMS code for ${phone} (${scene}): ${code}`);
    },
  };
}

/** Posts `{phone, code, scene}` as JSON to a gateway; any non-2xx answer is a send failure. */
export function createHttpSmsProvider(url: string, token: string | undefined): SmsProvider {
  return {
    async send(message) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(message),
        signal: AbortSignal.timeout(10_000),
      }).catch(() => null);
      if (!response?.ok) throw new AppError('SEND_SMS_FAIL_ERROR');
    },
  };
}

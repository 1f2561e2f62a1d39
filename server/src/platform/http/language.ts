import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '@sightline/shared';

/** The caller's language from `Accept-Language`, Chinese when none of ours is asked for. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'] ?? '';
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en';
    if (tag.startsWith('ja')) return 'ja';
  }
  return DEFAULT_LANGUAGE;
}

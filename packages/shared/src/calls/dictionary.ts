import { z } from 'zod';
import {
  dictionaryItemSchema,
  limitCheckBodySchema,
  limitCheckResultSchema,
  type DictionaryCategory,
} from '../schemas/user.js';
import { defineCall, type CallDefinition } from './define.js';

export const dictionaryCalls = {
  checkLimit: defineCall({
    method: 'POST',
    path: '/limit/check',
    body: limitCheckBodySchema,
    response: limitCheckResultSchema,
  }),
};

/** The registration form's dropdowns, one call per dictionary category. */
export const dictionaryOptionCalls = {
  'register-post': defineCall({
    method: 'GET',
    path: '/dictionary-data/register-post',
    response: z.array(dictionaryItemSchema),
  }),
  'register-location': defineCall({
    method: 'GET',
    path: '/dictionary-data/register-location',
    response: z.array(dictionaryItemSchema),
  }),
} satisfies Record<DictionaryCategory, CallDefinition>;

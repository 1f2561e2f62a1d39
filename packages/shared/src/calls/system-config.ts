import {
  dictionaryEntriesSchema,
  dictionaryEntrySchema,
  fileStoreAddressSchema,
  findDataBodySchema,
  systemConfigUpdateBodySchema,
  systemImageQuerySchema,
} from '../schemas/system-config.js';
import { defineCall } from './define.js';

export const systemConfigCalls = {
  systemConfig: defineCall({
    method: 'GET',
    path: '/dictionary-data/find/system/config',
    response: dictionaryEntriesSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/dictionary-data/system/config',
    body: systemConfigUpdateBodySchema,
    response: dictionaryEntriesSchema,
  }),
  uploadImage: defineCall({
    method: 'POST',
    path: '/dictionary-data/system/logo',
    query: systemImageQuerySchema,
    multipart: true,
    response: dictionaryEntrySchema,
  }),
  imageCategories: defineCall({
    method: 'GET',
    path: '/dictionary-data/find/system/img/category',
    response: dictionaryEntriesSchema,
  }),
  findData: defineCall({
    method: 'POST',
    path: '/dictionary-data/findData',
    body: findDataBodySchema,
    response: dictionaryEntriesSchema,
  }),
  // SPEC section 7 names this call twice.
  fileStoreAddress: defineCall({ method: 'GET', path: '/global-config/getMinioKey', response: fileStoreAddressSchema }),
  fileStoreAddressWeb: defineCall({
    method: 'GET',
    path: '/global-config/web/getMinioKey',
    response: fileStoreAddressSchema,
  }),
};

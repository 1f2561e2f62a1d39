import {
  imagesRecordAddBodySchema,
  imagesRecordDetailSchema,
  imagesRecordIdParamsSchema,
  imagesRecordPageBodySchema,
  imagesRecordPageSchema,
  imagesRecordSchema,
} from '../schemas/images-record.js';
import { defineCall } from './define.js';

/** Upload records of an inspection's photos (SPEC section 7, "Inspections and images", /images-record). */
export const imagesRecordCalls = {
  add: defineCall({
    method: 'POST',
    path: '/images-record/adds',
    body: imagesRecordAddBodySchema,
    response: imagesRecordSchema,
  }),
  page: defineCall({
    method: 'POST',
    path: '/images-record/page',
    body: imagesRecordPageBodySchema,
    response: imagesRecordPageSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: '/images-record/{id}',
    params: imagesRecordIdParamsSchema,
    response: imagesRecordDetailSchema,
  }),
};

import { licenceActivateBodySchema, licenceInfoSchema } from '../schemas/licence.js';
import { defineCall } from './define.js';

export const licenceCalls = {
  info: defineCall({ method: 'GET', path: '/license/info', response: licenceInfoSchema }),
  activate: defineCall({
    method: 'POST',
    path: '/license/activate',
    body: licenceActivateBodySchema,
    multipart: true,
    response: licenceInfoSchema,
  }),
};

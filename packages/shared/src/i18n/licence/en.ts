import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  ui: {
    license: {
      title: 'Licence',
      authorizationTitle: 'Local deployment licence',
      description:
        'This system needs a valid licence file. Give the machine code to your administrator to obtain a licence file, then upload it here.',
      status: 'Licence status',
      statusUnauthorized: 'Not licensed',
      statusAuthorized: 'Licensed',
      statusExpired: 'Expired',
      machineCode: 'Machine code',
      expiresAt: 'Expires',
      functions: 'Licensed functions',
      functionDays: '{days} days',
      upload: 'Upload licence file',
      uploadHint: 'Choose the licence file (.lic) your administrator gave you',
      activated: 'The licence is active',
      activateFailed: 'Activation failed; please contact the administrator',
      goLogin: 'Go to login',
    },
  },
  teamUi: {
    license: {
      issuedTo: 'Licensed to',
      issuedAt: 'Issued',
      replace: 'Replace licence file',
      notNeeded: 'No licence is needed on this server',
      notNeededHint:
        'This is the hosted service: features follow each team’s membership features, and no licence file is uploaded.',
    },
  },
};

import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  errors: {
    DISEASE_TYPE_NOT_EXISTING: '損傷タイプが存在しません',
    DISEASE_FIELD_VALUE_ERROR: 'カスタム項目の値が無効です',
  },
  validation: {
    defectShapePoints: 'ポリラインは 2 点以上、多角形と矩形は 3 点以上が必要です',
  },
};

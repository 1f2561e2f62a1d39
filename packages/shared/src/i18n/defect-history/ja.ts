import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  errors: {
    HISTORY_NO_PREVIOUS_INSPECTION: 'この点検には前回の点検が設定されていないため、履歴損傷を照合できません',
    HISTORY_MATCHING_ING: '履歴損傷の照合を実行中です。完了後にもう一度お試しください',
    HISTORY_DISEASE_BIND_ERROR: '前回の点検で形状が一致する損傷のみ紐付けできます',
    HISTORY_DISEASE_BOUND: 'この過去の損傷は、今回の点検の別の損傷にすでに紐付けられています',
  },
};

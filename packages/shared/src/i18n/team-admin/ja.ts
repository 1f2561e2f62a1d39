import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  teamUi: {
    admin: {
      description: '各チームの使用状況を確認し、メンバー上限・ストレージ・会員機能をアップグレードします。',
      search: 'チーム名またはオーナーで検索',
      team: 'チーム',
      lastUpgrade: '最終アップグレード',
      storageUsage: '{used} / {max}',
      upgrade: 'アップグレード',
      upgradeTitle: '{name} をアップグレード',
      memberMax: 'メンバー上限',
      memberMaxHint: '現在 {count} 人。上限はこれより低くできません',
      volumeMax: 'ストレージ上限',
      volumeMaxHint: '{used} 使用中',
      kind: 'チーム種別',
      functions: '会員機能',
      functionsHint: '付与する日数を入力してください。有効中の機能は現在の期限から、それ以外は本日から延長されます。',
      grantDays: '付与日数',
      nothingChanged: '保存する変更はありません',
      upgraded: '{name} をアップグレードしました',
    },
  },
};

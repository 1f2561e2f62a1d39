import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  defectAnalysis: {
    merge: {
      button: '結合',
      title: '損傷の結合',
      confirm: '選択した {count} 件の損傷を1つに結合しますか？元の損傷は削除されます。',
      hint: '同じ写真上の、同じ種類・同じ形状で交差する損傷のみ結合できます',
      ok: '結合',
      done: '{code} に結合しました',
    },
    repeat: {
      button: '重複損傷',
      title: '重複損傷の削除',
      intro:
        '同じ損傷が重なり合う複数の写真でマークされた場合、モデル上の距離と種類で重複を見つけ、最良の視点（カメラが最も近いもの）を残します。',
      distance: '距離しきい値 (m)',
      distanceHint: '{min} m 以上',
      find: '検索',
      groups: '重複損傷 {count} グループ',
      compared: '位置が特定された損傷 {count} 件を比較しました。モデル上の位置がない {unlocated} 件は対象外です',
      keep: '保持',
      repeated: '重複',
      cameraDistance: 'カメラ距離 {distance} m',
      empty: '重複損傷は見つかりませんでした',
      notSearched: '距離しきい値を設定して検索をクリックしてください',
      delete: '重複損傷を削除',
      confirm: '各グループの最良の視点を残し、重複損傷 {count} 件を削除しますか？',
      deleted: '重複損傷 {count} 件を削除しました',
      close: '閉じる',
    },
    statistics: {
      button: '統計',
      title: '損傷統計',
      byType: '種類別',
      byLevel: 'レベル別',
      byComponent: '部材別',
      count: '件数',
      unbound: '部材なし',
      total: '損傷の総数',
      hidden: 'フィルター範囲未満の損傷 {count} 件は含まれません',
      empty: '損傷はありません',
    },
  },
};

import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  photoLayer: {
    toggle: '写真の位置と視錐台',
    inspection: '点検',
    chooseInspection: '点検を選択',
    noInspections: 'このプロジェクトにはまだ点検がありません',
    depth: '視錐台の奥行き（m）',
    depthAuto: '画像グループの撮影距離',
    loading: '写真の位置を読み込んでいます…',
    drawn: '{count} 枚の写真を表示中',
    withoutPose: '姿勢のない写真 {count} 枚は表示されません',
    skipped: 'カメラパラメータのない写真 {count} 枚は表示されません',
    none: 'この点検には姿勢付きの写真がありません',
    loadFailed: '写真の位置を読み込めませんでした。もう一度お試しください',
    flyTo: '写真へ移動',
    hide: '写真を非表示',
    openHint: 'クリックして写真を開く',
  },
};

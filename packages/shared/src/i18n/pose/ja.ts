import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  pose: {
    page: {
      title: '画像姿勢の調整',
      missingQuery: 'リンクに点検または画像が指定されていません',
      missingQueryHint:
        '点検の詳細で画像を選んでから姿勢調整を開いてください。リンクは /poseAdjustment?inspectionId=1&imageIds=2,3 の形式です。',
      signInTitle: '先にログインしてください',
      signInHint: '姿勢調整は点検画像を読み取り変更するため、ログインが必要です。',
      signIn: 'ログインへ',
    },
    openAction: '姿勢を調整',
    titleSingle: '画像の姿勢を調整',
    titleBatch: '{count} 枚の画像の姿勢を一括調整',
    empty: '画像が選択されていません',
    fields: {
      longitude: '経度',
      latitude: '緯度',
      altitude: '高度（m）',
      pitch: 'ピッチ',
      yaw: 'ヨー',
      roll: 'ロール',
      east: '東へ（m）',
      north: '北へ（m）',
      up: '上へ（m）',
      dPitch: 'ピッチのオフセット',
      dYaw: 'ヨーのオフセット',
      dRoll: 'ロールのオフセット',
    },
    source: {
      metadata: '画像メタデータ',
      manual: '手動調整',
      highPrecision: '高精度変換',
    },
    reason: {
      unreadable: '画像属性を読み取れません',
      noGps: '緯度経度がありません',
      noAltitude: '高度がありません',
      noGimbalAttitude: 'ジンバル姿勢がありません',
      poseOutOfRange: '姿勢が範囲外です',
    },
    single: {
      current: '現在の姿勢',
      initial: '初期姿勢',
      none: '姿勢なし',
      sourceAt: '{source} · {time}',
      withoutPose: '姿勢がない理由：{reason}',
      absoluteHint:
        '姿勢をすべて入力してください。角度は DJI ジンバル角（度）で、保存時に -180〜180 に正規化されます。',
      save: '姿勢を保存',
      saved: '画像「{name}」の姿勢を更新しました',
    },
    batch: {
      offsetHint:
        '各画像をその地点の水平面で東・北へ移動し、鉛直方向に上下させます（m）。角度のオフセットは各画像の角度に加算されます。',
      photos: '選択した画像',
      name: '画像',
      pose: '現在の姿勢',
      withoutPose:
        '{count} 枚の画像には姿勢がないためオフセットできません：{names}。個別に姿勢を設定するか選択を外してください。',
      apply: 'オフセットを適用',
      applied: '{count} 枚の画像の姿勢を調整しました',
    },
    restore: {
      action: '初期姿勢に戻す',
      confirmTitle: '初期姿勢に戻しますか？',
      confirmContent:
        '選択した {count} 枚の画像の最新の姿勢をメタデータの姿勢に戻します。メタデータに姿勢がない画像は「姿勢のない画像」に戻ります。調整履歴は残ります。',
      ok: '戻す',
      done: '{count} 枚の画像を初期姿勢に戻しました',
      unchanged: '選択した画像はすでに初期姿勢です',
    },
    history: {
      title: '姿勢の履歴',
      empty: '姿勢の記録はありません',
      time: '日時',
      source: '由来',
      by: '操作者',
      system: 'システム',
    },
  },
};

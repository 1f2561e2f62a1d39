import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  // 3D viewer (web/src/viewer).
  viewer: {
    loading: '3D モデルを読み込んでいます…',
    loadFailed: '3D モデルを読み込めませんでした。再読み込みしてやり直してください',
    webglUnavailable: 'このブラウザは WebGL に対応していないため、3D モデルを表示できません',
    toolbar: '3D ツール',
    measureDistance: '距離を測定',
    measureHeight: '高低差を測定',
    measureArea: '面積を測定',
    clearMeasurements: '測定をクリア',
    clip: '断面',
    clipHeight: '断面の高さ（m）',
    clipOff: '断面を解除',
    saveView: 'デフォルト視点として保存',
    defaultView: 'デフォルト視点に戻る',
    hintDistance: 'モデル上をクリックして点を追加し、ダブルクリックまたは右クリックで終了、Esc で取消',
    hintHeight: 'モデル上の 2 点をクリック、Esc で取消',
    hintArea: 'モデル上で 3 点以上をクリックし、ダブルクリックまたは右クリックで終了、Esc で取消',
    resultDistance: '距離 {length}',
    resultHeight: '高低差 {height}、水平距離 {horizontal}',
    resultArea: '面積 {area}、水平投影 {horizontal}',
    viewSaved: 'デフォルト視点を保存しました',
  },
};

import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  errors: {
    INSPECTION_REPORT_NOT_EXISTING: 'レポートが存在しません',
    REPORT_SCREENSHOT_MISSING: '重点損傷のスクリーンショットがありません。撮り直してからレポートを生成してください',
  },
  inspectionReport: {
    fileName: '{name}-レポート-{date}',
    title: '{inspection} 点検レポート',
    cover: { company: '会社', project: 'プロジェクト', inspection: '点検', date: '点検日', generated: '生成日時' },
    section: {
      summary: 'プロジェクトと点検の概要',
      statistics: '損傷統計',
      defects: '損傷一覧',
      keyDefects: '重点損傷',
      comparison: '前回点検との比較',
    },
    summary: {
      project: 'プロジェクト名',
      inspection: '点検名',
      date: '点検日',
      description: '説明',
      photos: '写真数',
      defects: '損傷数',
      keyDefects: '重点損傷数',
      flagged: '損傷数が {num} を超えています',
    },
    statistics: {
      byType: '損傷種別別',
      byLevel: 'レベル別',
      byComponent: '部材別',
      bySize: 'サイズ区間別',
      name: '名称',
      count: '件数',
      level: 'レベル {level}',
      unbound: '部材なし',
      interval: '区間',
    },
    keyDefect: {
      name: '名称',
      type: '種別',
      level: 'レベル',
      description: '説明',
      screenshot: 'モデルのスクリーンショット',
      crop: '写真',
    },
    comparison: {
      previous: '前回点検',
      kind: '変化',
      count: '件数',
      defects: '今回の損傷数',
      previousDefects: '前回の損傷数',
      kinds: {
        unchanged: '変化なし',
        length: '長さ変化',
        width: '幅変化',
        lengthWidth: '長さと幅の変化',
        area: '面積変化',
        new: '新規',
        repaired: '補修済み',
      },
    },
    none: 'なし',
  },
};

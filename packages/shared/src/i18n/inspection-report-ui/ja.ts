import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  reportUi: {
    title: '点検レポート',
    create: '新規レポート',
    empty: 'レポートはまだありません',
    column: {
      name: 'レポート名',
      state: '状態',
      createdBy: '担当者',
      finishedAt: '生成日時',
      actions: '操作',
    },
    state: {
      generating: '生成中',
      failed: '生成失敗',
      latest: '最新',
      historical: '履歴',
    },
    flagged: '損傷が {num} 件を超えています',
    action: {
      download: 'Word をダウンロード',
      preview: 'プレビュー',
      again: '再生成',
      delete: '削除',
    },
    againStarted: 'レポートの再生成を開始しました',
    deleteTitle: 'レポート「{name}」を削除しますか？',
    deleteContent: 'レポートとその Word・PDF ファイルが削除されます。',
    deleted: 'レポートを削除しました',
    preview: {
      title: 'プレビュー：{name}',
      noPdf:
        'このサーバーには LibreOffice がインストールされていないため、レポートは Word ファイルのみです。LibreOffice があれば PDF が作成され、ここでプレビューできます。',
      close: '閉じる',
    },
    wizard: {
      title: '新規レポート',
      steps: {
        cover: 'テンプレートと表紙',
        table: '損傷表と絞り込み',
        keyDefects: '重点損傷',
      },
      previous: '前へ',
      next: '次へ',
      generate: 'レポートを生成',
      cancel: 'キャンセル',
      started: 'レポートの生成を開始しました',
    },
    cover: {
      template: 'テンプレート',
      templates: {
        inspection: '点検レポート',
        defectList: '損傷一覧レポート',
      },
      sections: '章',
      sectionsRequired: '章を 1 つ以上選択してください',
      name: 'レポート名',
      namePlaceholder: '空欄の場合は点検名と日付',
      company: '会社名',
      logo: '会社ロゴ',
      brandingNote: '会社名とロゴはシステム設定から取得されます。',
    },
    table: {
      fields: '損傷表の列',
      fieldsHelp: '{count} / {num} 選択',
      fieldsTooMany: '損傷表の列は最大 {num} 個です',
      fieldsRequired: '列を 1 つ以上選択してください',
      thumbnails: '損傷のサムネイル',
      types: '損傷種別',
      typesPlaceholder: 'すべての種別',
      typesHelp:
        'レポートの損傷表と統計には選択した種別のみが含まれます（プロジェクトのレポート絞り込みとして保存され、以降のレポートにも適用されます）。',
      noDefectTable: '選択した章には損傷表も統計もありません。',
    },
    keyDefects: {
      intro: 'レポートに含める重点損傷を選択してください。',
      none: 'この点検には重点損傷がありません。',
      notIncluded: '選択した章には重点損傷がありません。',
      graph: '描画図形',
      graphPoints: '{count} 点',
      graphKind: { polyline: '折れ線', polygon: '多角形' },
      graphMissing: '図形なし',
      screenshot: 'スクリーンショット',
      screenshotMissing: 'スクリーンショットなし',
      name: '名称',
      missingTitle: '一部の重点損傷にスクリーンショットがありません',
      missingContent: '{names} にはスクリーンショットがなく、レポートに含められません。これらを除いて生成しますか？',
      leaveOut: '除いて生成',
    },
  },
};

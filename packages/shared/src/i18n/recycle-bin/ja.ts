import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  teamUi: {
    recycle: {
      description: '削除したプロジェクトや点検は、復元または完全に削除するまでここに残ります。',
      count: '件数',
      totalSize: '使用容量',
      kindLabel: '種類',
      kind: {
        project: 'プロジェクト',
        inspection: '点検',
        image: '画像',
        report: 'レポート',
        monitor_point: '監視点',
      },
      allKinds: 'すべての種類',
      name: '名称',
      size: 'サイズ',
      deletedBy: '削除者',
      deletedAt: '削除日時',
      search: '名称で検索',
      restore: '復元',
      restoreSelected: '選択項目を復元（{count}）',
      restored: '{count} 件を復元しました',
      deleteForever: '完全に削除',
      deleteSelected: '選択項目を完全に削除（{count}）',
      deleteTitle: '{count} 件を完全に削除しますか？',
      deleteContent:
        '完全に削除したデータとファイルは復元できず、ストレージが解放されます。確認のためログインパスワードを入力してください。',
      deleted: '{count} 件を完全に削除し、{size} を解放しました',
      empty: 'ごみ箱を空にする',
      emptyTitle: 'ごみ箱を空にしますか？',
      emptyContent: 'ごみ箱の {count} 件がすべて完全に削除されます。確認のためログインパスワードを入力してください。',
      emptied: 'ごみ箱を空にしました：{count} 件を削除し、{size} を解放しました',
      emptyState: 'ごみ箱は空です',
    },
  },
};

import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  teamUi: {
    feedback: {
      menu: 'フィードバック',
      title: 'フィードバック',
      type: '種類',
      types: {
        suggestion: '提案',
        bug: 'ソフトウェアの不具合',
      },
      content: '内容',
      contentPlaceholder: 'ご提案や発生した問題を記入してください',
      contact: '連絡先',
      sent: 'フィードバックをお送りいただきありがとうございます',
      inbox: {
        description:
          'ユーザーが「フィードバック」から送信した提案とソフトウェアの不具合です。対応が済んだら処理済みにしてください。',
        allTypes: 'すべての種類',
        filterAll: 'すべて',
        filterUnhandled: '未処理',
        filterHandled: '処理済み',
        content: '内容',
        contact: '連絡先：{contact}',
        sender: '送信者',
        noTeam: 'チームなし',
        time: '送信日時',
        handled: '処理済み',
        empty: 'フィードバックはまだありません',
        noUnhandled: 'すべてのフィードバックが処理済みです',
        markedHandled: '処理済みにしました',
        markedUnhandled: '未処理に戻しました',
      },
    },
  },
};

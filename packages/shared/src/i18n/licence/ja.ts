import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  ui: {
    license: {
      title: 'ライセンス',
      authorizationTitle: 'ローカル環境のライセンス',
      description:
        'このシステムを利用するには有効なライセンスファイルが必要です。マシンコードを管理者に伝えてライセンスファイルを入手し、ここでアップロードしてください。',
      status: 'ライセンス状態',
      statusUnauthorized: '未認証',
      statusAuthorized: '認証済み',
      statusExpired: '期限切れ',
      machineCode: 'マシンコード',
      expiresAt: '有効期限',
      functions: 'ライセンス対象の機能',
      functionDays: '{days} 日',
      upload: 'ライセンスファイルをアップロード',
      uploadHint: '管理者から受け取ったライセンスファイル（.lic）を選択してください',
      activated: 'ライセンスが有効になりました',
      activateFailed: 'ライセンスを有効化できませんでした。管理者に連絡してください',
      goLogin: 'ログインへ',
    },
  },
  teamUi: {
    license: {
      issuedTo: 'ライセンス先',
      issuedAt: '発行日時',
      replace: 'ライセンスファイルを差し替え',
      notNeeded: 'このサーバーではライセンスは不要です',
      notNeededHint:
        'クラウド版では各チームの会員機能に従って機能が有効になり、ライセンスファイルのアップロードは不要です。',
    },
  },
};

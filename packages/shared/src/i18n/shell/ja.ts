import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const ja: Widen<typeof zhCN> = {
  // Web interface texts (menu names and the web shell); the web owns this part.
  menu: {
    home: 'ホーム',
    map: 'マップ',
    mapProjects: 'マップ上のプロジェクト',
    inspection: '点検',
    team: 'チーム管理',
    teamMembers: 'メンバー',
    teamSettings: 'チーム設定',
    teamLocalUsers: 'ローカルユーザー',
    recycle: 'ごみ箱',
    notice: 'お知らせ',
    admin: 'アップグレード管理',
    feedback: 'フィードバック',
    personalCenter: '個人センター',
  },
  ui: {
    app: {
      name: 'Sightline',
      tagline: 'ドローン写真と3Dモデルによる構造物の点検・モニタリング',
      loading: '読み込み中…',
      chunkLoadError: 'ページの一部を読み込めませんでした。ネットワークを確認してページを再読み込みしてください',
      reload: '再読み込み',
      renderError: 'このページでエラーが発生しました',
      devtoolsBlocked: 'この環境では開発者ツールを使用できません',
    },
    common: {
      cancel: 'キャンセル',
      confirm: 'OK',
      save: '保存',
      edit: '変更',
      submit: '送信',
      back: '戻る',
      backHome: 'ホームへ戻る',
      refresh: '更新',
      notSet: '未設定',
      unavailable: '利用できません',
      copy: 'コピー',
      copied: 'コピーしました',
      required: '必須',
    },
    theme: {
      dark: 'ダークテーマ',
      light: 'ライトテーマ',
      toggle: 'テーマを切り替え',
    },
    language: {
      label: '言語',
    },
    header: {
      team: '現在のチーム',
      noTeam: 'チーム未所属',
      switchTeam: 'チームを切り替え',
      teamSwitched: 'チーム {team} に切り替えました',
      notifications: 'お知らせ',
      personalCenter: '個人センター',
      logout: 'ログアウト',
      logoutConfirm: 'ログアウトしますか？',
      collapse: 'メニューを折りたたむ',
      expand: 'メニューを展開',
    },
    session: {
      offline: {
        LOGIN_REPEATED: 'このアカウントが別の場所でログインしたため、このセッションはログアウトされました',
        PASSWORD_CHANGED:
          'パスワードが変更されたため、このセッションはログアウトされました。新しいパスワードでログインしてください',
        USER_ACCOUNT_ABNORMALITY:
          'アカウントが無効にされたため、このセッションはログアウトされました。チームの管理者に連絡してください',
        USER_DELETED:
          'アカウントが削除されたため、このセッションはログアウトされました。チームの管理者に連絡してください',
      },
      repeatedTitle: '別の場所でログイン中です',
      repeatedContent: 'ここでログインすると、別の場所のセッションはログアウトされます。続けますか？',
      forceLogin: 'ここでログイン',
      loggedOut: 'ログアウトしました',
    },
    home: {
      welcome: 'おかえりなさい、{name} さん',
      team: 'チーム：{team}',
      noTeam: 'まだチームに参加していません',
      lastLogin: '前回のログイン：{time}',
    },
    business: {
      title: '業務の選択',
      subtitle: '利用する業務モジュールを選択してください',
      // Entry names are `business.<code>`, shared with the server's list.
      description: {
        droneInspection: 'ドローン写真と3Dモデルによる構造物の損傷点検',
        droneMonitoring: 'ドローン写真による変位モニタリング',
        totalStationMonitoring: 'トータルステーションによる変位モニタリング',
        droneWarehouseInspection: 'ドローンポートからの自動巡回点検',
        supportInspection: '橋梁支承の点検',
        manualInspection: '現地での人による点検の記録',
        projectMaterialLibrary: 'プロジェクト資料の一元管理',
      },
      enter: '開く',
      comingLater: '今後のリリースで提供',
      notInMembership: '会員機能の対象外',
      notInMembershipHint: 'この業務には「{feature}」会員機能が必要ですが、チームで有効になっていません。',
    },
    placeholder: {
      title: '今後のリリースで提供予定',
      description: '「{feature}」は今後のリリースで提供されます。現在のバージョンにはまだありません。',
      elTest: 'テストページ',
      release: '公開画像',
    },
    notFound: {
      title: 'ページが見つかりません',
      description: 'お探しのページは存在しないか、削除されました。',
    },
    roles: {
      ROLE_TEAM_OWNER: 'オーナー',
      ROLE_TEAM_ADMIN: '管理者',
      ROLE_TEAM_INSPECTOR: '点検者',
      ROLE_TEAM_VIEWER: '閲覧者',
      ROLE_CORP_MANAGEMENT: '経営管理',
      ROLE_CORP_SALES: '営業マネージャー',
      ROLE_CORP_CLERK: '事務',
      ROLE_SCHOOL_TEACHER: '教師',
      ROLE_SCHOOL_STUDENT: '学生',
    },
  },
};

/** The sales managers' team administration (web/src/features/admin). */
export const zhCN = {
  teamUi: {
    admin: {
      description: '查看各团队的用量，为团队升级成员上限、存储空间和会员功能。',
      search: '搜索团队名称或所有者',
      team: '团队',
      lastUpgrade: '最近升级',
      storageUsage: '{used} / {max}',
      upgrade: '升级',
      upgradeTitle: '升级团队 {name}',
      memberMax: '成员上限',
      memberMaxHint: '当前 {count} 人，上限不能低于现有人数',
      volumeMax: '存储上限',
      volumeMaxHint: '已使用 {used}',
      kind: '团队类型',
      functions: '会员功能',
      functionsHint: '填写要开通或续期的天数；仍有效的功能从当前到期时间起延长，其余从今天起算。',
      grantDays: '开通/续期天数',
      nothingChanged: '没有需要保存的修改',
      upgraded: '已升级团队 {name}',
    },
  },
} as const;

/** The licence of a local deployment (server module licence, web feature license: the SPEC names its calls license). */
export const zhCN = {
  ui: {
    license: {
      title: '系统授权',
      authorizationTitle: '本地部署授权',
      description: '本系统需要有效的授权文件才能使用。请将机器码提供给管理员获取授权文件，然后在此上传。',
      status: '授权状态',
      statusUnauthorized: '未授权',
      statusAuthorized: '已授权',
      statusExpired: '已过期',
      machineCode: '机器码',
      expiresAt: '到期时间',
      functions: '授权功能',
      functionDays: '{days} 天',
      upload: '上传授权文件',
      uploadHint: '选择管理员提供的授权文件（.lic）',
      activated: '授权成功',
      activateFailed: '授权激活失败，请联系管理员',
      goLogin: '前往登录',
    },
  },
  teamUi: {
    license: {
      issuedTo: '授权对象',
      issuedAt: '签发时间',
      replace: '更换授权文件',
      notNeeded: '此服务器无需授权',
      notNeededHint: '当前为云端部署，所有功能按团队的会员功能开通，无需上传授权文件。',
    },
  },
} as const;

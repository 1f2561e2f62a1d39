/** Feedback (web/src/features/feedback). */
export const zhCN = {
  teamUi: {
    feedback: {
      menu: '意见反馈',
      title: '意见反馈',
      type: '反馈类型',
      types: {
        suggestion: '建议',
        bug: '软件缺陷',
      },
      content: '反馈内容',
      contentPlaceholder: '请描述您的建议或遇到的问题',
      contact: '联系方式',
      sent: '感谢您的反馈，我们已收到',
      inbox: {
        description: '用户通过“意见反馈”提交的建议和软件缺陷；处理完成后请标记为已处理。',
        allTypes: '全部类型',
        filterAll: '全部',
        filterUnhandled: '未处理',
        filterHandled: '已处理',
        content: '反馈内容',
        contact: '联系方式：{contact}',
        sender: '反馈人',
        noTeam: '无团队',
        time: '提交时间',
        handled: '已处理',
        empty: '暂无反馈',
        noUnhandled: '所有反馈都已处理',
        markedHandled: '已标记为已处理',
        markedUnhandled: '已标记为未处理',
      },
    },
  },
} as const;

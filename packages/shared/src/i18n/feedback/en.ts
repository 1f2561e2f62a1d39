import type { Widen } from '../merge-domains.js';
import type { zhCN } from './zh-CN.js';

export const en: Widen<typeof zhCN> = {
  teamUi: {
    feedback: {
      menu: 'Feedback',
      title: 'Feedback',
      type: 'Type',
      types: {
        suggestion: 'Suggestion',
        bug: 'Software bug',
      },
      content: 'Your feedback',
      contentPlaceholder: 'Describe your suggestion or the problem you met',
      contact: 'Contact',
      sent: 'Thank you: we received your feedback',
      inbox: {
        description:
          'Suggestions and software bugs that users send through Feedback; mark each one handled once dealt with.',
        allTypes: 'All types',
        filterAll: 'All',
        filterUnhandled: 'Unhandled',
        filterHandled: 'Handled',
        content: 'Content',
        contact: 'Contact: {contact}',
        sender: 'Sender',
        noTeam: 'No team',
        time: 'Sent',
        handled: 'Handled',
        empty: 'No feedback yet',
        noUnhandled: 'All feedback has been handled',
        markedHandled: 'Marked handled',
        markedUnhandled: 'Marked unhandled',
      },
    },
  },
};

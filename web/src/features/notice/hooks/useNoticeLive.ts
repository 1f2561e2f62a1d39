import { useEffect } from 'react';
import { App as AntdApp } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { onAppEvent } from '../../../api/events';
import { hasTranslation, translate } from '../../../i18n';
import { noticeKeys } from '../../../api/query-keys';
import { isNotice, noticeText } from '../notice-text';

/**
 * New notices arrive on the event stream (`notice`): the counts, the tip card and the open list
 * refresh, and a short notification names the newcomer.
 */
export function useNoticeLive(onOpen: (id: number) => void) {
  const queryClient = useQueryClient();
  const { notification } = AntdApp.useApp();
  useEffect(
    () =>
      onAppEvent('notice', (payload) => {
        void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
        if (!isNotice(payload)) return;
        const lookup = { has: hasTranslation, translate };
        notification.info({
          key: `notice-${payload.id}`,
          title: noticeText(payload.title, payload.params, lookup),
          description: noticeText(payload.content, payload.params, lookup).slice(0, 120),
          placement: 'topRight',
          duration: 6,
          onClick: () => onOpen(payload.id),
        });
      }),
    [queryClient, notification, onOpen],
  );
}

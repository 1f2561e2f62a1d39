import { useTranslation } from 'react-i18next';
import type { Notice } from '@sightline/shared';
import { hasTranslation, translate } from '../../../i18n';
import { noticeText } from '../notice-text';

const LOOKUP = { has: hasTranslation, translate };

/** Title and content of a notice in the current language (re-rendered when it changes). */
export function useNoticeText() {
  useTranslation();
  return (notice: Pick<Notice, 'title' | 'content' | 'params'>) => ({
    title: noticeText(notice.title, notice.params, LOOKUP),
    content: noticeText(notice.content, notice.params, LOOKUP),
  });
}

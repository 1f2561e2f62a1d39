import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, theme as antdTheme } from 'antd';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import type { Language } from '@sightline/shared';
import { registerMessageApi } from '../api/notifier';
import { isLanguage } from '../i18n/language';
import { usePreferencesStore } from '../stores/preferences-store';
import { useReducedMotion } from '../lib/reduced-motion';
import { queryClient } from '../api/query-client';
import { FeatureSlotsContext } from '../session/feature-slots';
import { FEATURE_SLOTS } from './feature-slots';

const ANTD_LOCALES: Record<Language, Locale> = { 'zh-CN': zhCN, en: enUS, ja: jaJP };
const DAYJS_LOCALES: Record<Language, string> = { 'zh-CN': 'zh-cn', en: 'en', ja: 'ja' };

/** Gives the API client antd's message API from inside <App>, so toasts follow the theme and locale. */
function MessageBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    registerMessageApi(message);
    return () => registerMessageApi(null);
  }, [message]);
  return null;
}

/** Keeps the page background and the browser's colour scheme in step with the theme. */
function DocumentTheme() {
  const { token } = antdTheme.useToken();
  const theme = usePreferencesStore((state) => state.theme);
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.style.colorScheme = theme;
    document.body.style.background = token.colorBgLayout;
    document.body.style.color = token.colorText;
  }, [theme, token.colorBgLayout, token.colorText]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const theme = usePreferencesStore((state) => state.theme);
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'zh-CN';
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    dayjs.locale(DAYJS_LOCALES[language]);
  }, [language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={ANTD_LOCALES[language]}
        theme={{
          algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          // antd's motion (modals zooming, drawers sliding, the click wave) stops for users who ask for reduced motion.
          token: { colorPrimary: '#1668dc', borderRadius: 6, motion: !reducedMotion },
        }}
      >
        <AntdApp className="sl-app-root" message={{ maxCount: 1 }}>
          <MessageBridge />
          <DocumentTheme />
          <FeatureSlotsContext value={FEATURE_SLOTS}>{children}</FeatureSlotsContext>
        </AntdApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}

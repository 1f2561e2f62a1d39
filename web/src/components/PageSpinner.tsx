import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** A centred spinner for a whole page or a page area while its data or script loads. */
export function PageSpinner({ fullScreen = false }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ height: fullScreen ? '100vh' : '100%', minHeight: 240 }}
      role="status"
      aria-label={t('ui.app.loading')}
    >
      <Spin size="large" />
    </Flex>
  );
}

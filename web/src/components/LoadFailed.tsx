import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a page shows when its data could not be loaded (the client's toast said why): a way to try again. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('errors.serviceError')}
      extra={<Button onClick={onRetry}>{t('ui.common.refresh')}</Button>}
    />
  );
}

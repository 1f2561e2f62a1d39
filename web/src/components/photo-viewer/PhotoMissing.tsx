import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { PHOTO_MISSING_KEYS } from '../../api/photo-files';

/**
 * A photo page's answer when its photo could not be read: `notFound` when the photo is gone or not the user's to see,
 * the server error otherwise; and the way back.
 */
export function PhotoMissing({
  error,
  notFound,
  back,
  onBack,
  testId,
}: {
  error: unknown;
  notFound: string;
  back: string;
  onBack: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const missing = isApiError(error) && PHOTO_MISSING_KEYS.includes(error.key);
  return (
    <Result
      status="warning"
      title={missing ? notFound : t('errors.serviceError')}
      extra={<Button onClick={onBack}>{back}</Button>}
      data-testid={testId}
    />
  );
}

import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={
        <>
          <div>{t('ui.notFound.title')}</div>
          <div>{t('ui.notFound.description')}</div>
        </>
      }
      extra={
        <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
          {t('ui.common.backHome')}
        </Button>
      }
      data-testid="not-found"
    />
  );
}

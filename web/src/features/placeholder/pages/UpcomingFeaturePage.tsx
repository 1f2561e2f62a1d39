import { Card, Empty, Typography } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MenuPageProps } from '../../../session/menu-routes';
import { translate } from '../../../i18n';

/**
 * The honest state of a screen that a later release builds: its name and that it is not here yet.
 * No sample data.
 */
export default function UpcomingFeaturePage({ titleKey }: MenuPageProps) {
  const { t } = useTranslation();
  const feature = translate(titleKey);
  return (
    <Card data-testid="upcoming-feature">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {feature}
      </Typography.Title>
      <Empty
        image={<ClockCircleOutlined style={{ fontSize: 56, opacity: 0.45 }} />}
        styles={{ image: { height: 64 } }}
        description={
          <>
            <Typography.Title level={5}>{t('ui.placeholder.title')}</Typography.Title>
            <Typography.Text type="secondary">{t('ui.placeholder.description', { feature })}</Typography.Text>
          </>
        }
        style={{ padding: '48px 0' }}
      />
    </Card>
  );
}

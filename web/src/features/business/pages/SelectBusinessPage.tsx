import type { ComponentType } from 'react';
import { Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import {
  AimOutlined,
  BuildOutlined,
  CameraOutlined,
  CloudServerOutlined,
  FolderOpenOutlined,
  LineChartOutlined,
  SolutionOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

type BusinessKey =
  'droneInspection' | 'droneMonitoring' | 'totalStation' | 'warehouse' | 'support' | 'manual' | 'materialLibrary';

interface Business {
  key: BusinessKey;
  icon: ComponentType;
  /** Where the entry leads; null while the business arrives in a later release. */
  path: string | null;
}

/** The seven entries of SPEC section 1. Only drone inspection exists in this release. */
const BUSINESSES: readonly Business[] = [
  { key: 'droneInspection', icon: CameraOutlined, path: '/home' },
  { key: 'droneMonitoring', icon: LineChartOutlined, path: null },
  { key: 'totalStation', icon: AimOutlined, path: null },
  { key: 'warehouse', icon: CloudServerOutlined, path: null },
  { key: 'support', icon: BuildOutlined, path: null },
  { key: 'manual', icon: SolutionOutlined, path: null },
  { key: 'materialLibrary', icon: FolderOpenOutlined, path: null },
];

export default function SelectBusinessPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1120, margin: '0 auto', paddingTop: 24 }}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('ui.business.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('ui.business.subtitle')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {BUSINESSES.map(({ key, icon: Icon, path }) => (
          <Col key={key} xs={24} sm={12} lg={8} xl={6}>
            <Card
              hoverable={path !== null}
              onClick={path ? () => void navigate(path) : undefined}
              style={{ height: '100%', opacity: path ? 1 : 0.6, cursor: path ? 'pointer' : 'default' }}
              data-testid={`business-${key}`}
            >
              <Flex vertical gap={12}>
                <Flex align="center" justify="space-between">
                  <span style={{ fontSize: 28, color: path ? token.colorPrimary : token.colorTextSecondary }}>
                    <Icon />
                  </span>
                  {path ? (
                    <Tag color="processing">{t('ui.business.enter')}</Tag>
                  ) : (
                    <Tag>{t('ui.business.comingLater')}</Tag>
                  )}
                </Flex>
                <Typography.Title level={5} style={{ margin: 0 }}>
                  {t(`ui.business.${key}`)}
                </Typography.Title>
                <Typography.Text type="secondary">{t(`ui.business.${key}Desc`)}</Typography.Text>
              </Flex>
            </Card>
          </Col>
        ))}
      </Row>
    </Flex>
  );
}

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
import { BUSINESS_ENTRIES, type BusinessCode } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePermission } from '../../../session/permissions';
import { useBusinessEntries } from '../api';
import { businessState, type BusinessState } from '../business-state';

const BUSINESS_ICONS: Record<BusinessCode, ComponentType> = {
  droneInspection: CameraOutlined,
  droneMonitoring: LineChartOutlined,
  totalStationMonitoring: AimOutlined,
  droneWarehouseInspection: CloudServerOutlined,
  supportInspection: BuildOutlined,
  manualInspection: SolutionOutlined,
  projectMaterialLibrary: FolderOpenOutlined,
};

/**
 * The entries of SPEC section 1. Signed in, each says whether the team's membership includes it;
 * signed out (the page is open without login) the page only shows what exists.
 */
export default function SelectBusinessPage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  // The hook itself waits for a signed-in session with a team.
  const { data: teamEntries, isLoading } = useBusinessEntries(usePermission('team:view'));

  const tag = (state: BusinessState) => {
    if (state.kind === 'available') return <Tag color="processing">{t('ui.business.enter')}</Tag>;
    if (state.kind === 'notInMembership') return <Tag color="warning">{t('ui.business.notInMembership')}</Tag>;
    return <Tag>{t('ui.business.comingLater')}</Tag>;
  };

  return (
    <Flex vertical gap={24} style={{ maxWidth: 1120, margin: '0 auto', paddingTop: 24 }}>
      <div>
        <Typography.Title level={2} style={{ marginBottom: 4 }}>
          {t('ui.business.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('ui.business.subtitle')}</Typography.Text>
      </div>
      <Row gutter={[16, 16]}>
        {BUSINESS_ENTRIES.map(({ code, functionCode }) => {
          const Icon = BUSINESS_ICONS[code];
          const state = businessState(code, teamEntries?.find((entry) => entry.code === code)?.enabled);
          const path = state.kind === 'available' ? state.path : null;
          return (
            <Col key={code} xs={24} sm={12} lg={8} xl={6}>
              <Card
                loading={isLoading}
                hoverable={path !== null}
                onClick={path === null ? undefined : () => void navigate(path)}
                style={{
                  height: '100%',
                  opacity: path === null ? 0.6 : 1,
                  cursor: path === null ? 'default' : 'pointer',
                }}
                data-testid={`business-${code}`}
              >
                <Flex vertical gap={12}>
                  <Flex align="center" justify="space-between">
                    <span
                      style={{ fontSize: 28, color: path === null ? token.colorTextSecondary : token.colorPrimary }}
                    >
                      <Icon />
                    </span>
                    {tag(state)}
                  </Flex>
                  <Typography.Title level={5} style={{ margin: 0 }}>
                    {t(`business.${code}`)}
                  </Typography.Title>
                  <Typography.Text type="secondary">{t(`ui.business.description.${code}`)}</Typography.Text>
                  {state.kind === 'notInMembership' && (
                    <Typography.Text type="warning">
                      {t('ui.business.notInMembershipHint', { feature: t(`teamFunction.name.${functionCode}`) })}
                    </Typography.Text>
                  )}
                </Flex>
              </Card>
            </Col>
          );
        })}
      </Row>
    </Flex>
  );
}

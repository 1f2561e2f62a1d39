import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Divider, Flex, Row, Tag, Typography } from 'antd';
import {
  ClockCircleOutlined,
  IdcardOutlined,
  LockOutlined,
  MobileOutlined,
  TeamOutlined,
  WechatOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageSpinner } from '../../../components/PageSpinner';
import { hasTranslation, translate } from '../../../i18n';
import { useUserDetails } from '../../../api/user';
import { AvatarUploader } from '../components/AvatarUploader';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { ChangePhoneModal } from '../components/ChangePhoneModal';
import { ProfileForm } from '../components/ProfileForm';

function SecurityRow({
  icon,
  label,
  value,
  action,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Flex align="center" justify="space-between" gap={16} style={{ padding: '12px 0' }}>
      <Flex align="center" gap={12} style={{ minWidth: 0 }}>
        <span style={{ fontSize: 18, opacity: 0.75 }}>{icon}</span>
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text strong>{label}</Typography.Text>
          <Typography.Text type="secondary">{value}</Typography.Text>
        </Flex>
      </Flex>
      {action}
    </Flex>
  );
}

/** Personal centre (SPEC section 2): avatar, profile, phone, password, WeChat binding, language. */
export default function PersonalCenterPage() {
  const { t } = useTranslation();
  const { data: user, isPending, isError, refetch } = useUserDetails();
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);

  if (isPending) return <PageSpinner />;
  if (isError) {
    return <LoadFailed onRetry={() => void refetch()} />;
  }

  const roleKey = user.roleId ? `ui.roles.${user.roleId}` : null;
  const notSet = t('ui.common.notSet');

  return (
    <Flex vertical gap={16} style={{ maxWidth: 1200 }} data-testid="personal-center">
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('ui.personal.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={t('ui.personal.basicInfo')} style={{ height: '100%' }}>
            <AvatarUploader url={user.headImgUrl} name={user.name} />
            <Divider />
            {/* A language saved from the header shows here too: the form starts again from the new profile. */}
            <ProfileForm key={`${user.userId}:${user.language}`} user={user} />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Flex vertical gap={16}>
            <Card title={t('ui.personal.security')}>
              <SecurityRow icon={<IdcardOutlined />} label={t('ui.personal.account')} value={user.account ?? notSet} />
              <Divider style={{ margin: 0 }} />
              <SecurityRow
                icon={<MobileOutlined />}
                label={t('ui.personal.phone')}
                value={user.phone ?? notSet}
                action={
                  <Button onClick={() => setPhoneOpen(true)} data-testid="change-phone">
                    {t('ui.common.edit')}
                  </Button>
                }
              />
              <Divider style={{ margin: 0 }} />
              <SecurityRow
                icon={<LockOutlined />}
                label={t('ui.personal.password')}
                value="••••••••"
                action={
                  <Button onClick={() => setPasswordOpen(true)} data-testid="change-password">
                    {t('ui.common.edit')}
                  </Button>
                }
              />
              <Divider style={{ margin: 0 }} />
              <SecurityRow
                icon={<WechatOutlined />}
                label={t('ui.personal.wechat')}
                value={t('ui.personal.wechatUnavailable')}
                action={<Tag>{t('ui.common.unavailable')}</Tag>}
              />
            </Card>
            <Card>
              <SecurityRow
                icon={<TeamOutlined />}
                label={t('ui.personal.team')}
                value={user.teamName ?? notSet}
                action={roleKey && hasTranslation(roleKey) ? <Tag color="blue">{translate(roleKey)}</Tag> : null}
              />
              <Divider style={{ margin: 0 }} />
              <SecurityRow
                icon={<ClockCircleOutlined />}
                label={t('ui.personal.lastLogin')}
                value={user.lastLoginTime ? dayjs(user.lastLoginTime).format('YYYY-MM-DD HH:mm') : notSet}
              />
            </Card>
          </Flex>
        </Col>
      </Row>
      <ChangePhoneModal open={phoneOpen} onClose={() => setPhoneOpen(false)} />
      <ChangePasswordModal open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </Flex>
  );
}

import { useMemo, useState } from 'react';
import {
  App as AntdApp,
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  InputNumber,
  List,
  Modal,
  Space,
  Tag,
  Typography,
  type ButtonProps,
} from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFECT_REPEAT_DISTANCE_MAX_M, LIMITS, type RepeatDefectsBody, type RepeatMember } from '@sightline/shared';
import { usePhotoDetail } from '../../../api/photo-files';
import { PhotoThumbnail } from '../../../components/photo-viewer/PhotoThumbnail';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { usePermission } from '../../../session/permissions';
import { useDeleteRepeatedDefects, useRepeatedDefects } from '../analysis-api';
import { useProjectDefectTypes } from '../api';
import { TypeDot } from './TypeDot';

const MIN_M = LIMITS.duplicateDefectDistanceMinM;
const THUMB_WIDTH = 128;
const GROUPS_PER_PAGE = 5;

function MemberCard({
  member,
  kept,
  typeName,
  color,
}: {
  member: RepeatMember;
  kept: boolean;
  typeName: string;
  color?: string;
}) {
  const { t } = useTranslation();
  const image = usePhotoDetail(member.imageId).data;
  return (
    <Card size="small" style={{ width: THUMB_WIDTH + 26 }} data-testid={kept ? 'repeat-keep' : 'repeat-repeated'}>
      {image ? (
        <PhotoThumbnail image={image} width={THUMB_WIDTH} />
      ) : (
        <div style={{ width: THUMB_WIDTH, height: THUMB_WIDTH * 0.75, background: 'rgba(128,128,128,0.2)' }} />
      )}
      <Space direction="vertical" size={0} style={{ marginTop: 4 }}>
        <Space size={4}>
          <Tag color={kept ? 'green' : 'red'}>
            {kept ? t('defectAnalysis.repeat.keep') : t('defectAnalysis.repeat.repeated')}
          </Tag>
          <Typography.Text strong>{member.code}</Typography.Text>
        </Space>
        <Space size={4}>
          <TypeDot color={color} />
          <Typography.Text>{typeName}</Typography.Text>
        </Space>
        <Typography.Text type="secondary" ellipsis style={{ maxWidth: THUMB_WIDTH }}>
          {member.imageName}
        </Typography.Text>
        {member.cameraDistanceM !== null && (
          <Typography.Text type="secondary">
            {t('defectAnalysis.repeat.cameraDistance', { distance: member.cameraDistanceM.toFixed(2) })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}

/**
 * Repeated-defect deletion (SPEC section 2): the same defect marked on several overlapping photos, found by its
 * distance on the model (a threshold of at least 0.05 m) and type; each group shows the view kept (the nearest
 * camera) and the repeats, which one confirmed action deletes.
 */
export function RepeatedDefectsDialog({ inspectionId, projectId }: { inspectionId: number; projectId: number }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canEdit = usePermission('defect:edit');
  const [open, setOpen] = useState(false);
  const [distanceM, setDistanceM] = useState<number | null>(MIN_M);
  const [searched, setSearched] = useState<RepeatDefectsBody | null>(null);
  const found = useRepeatedDefects(open ? searched : null);
  const remove = useDeleteRepeatedDefects();
  const types = useProjectDefectTypes(projectId);
  const typeById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);
  const groups = found.data?.groups ?? [];
  const repeatedCount = groups.reduce((sum, group) => sum + group.repeated.length, 0);
  const valid = distanceM !== null && distanceM >= MIN_M && distanceM <= DEFECT_REPEAT_DISTANCE_MAX_M;

  const confirmDelete = () => {
    if (!searched) return;
    modal.confirm({
      title: t('defectAnalysis.repeat.title'),
      content: t('defectAnalysis.repeat.confirm', { count: repeatedCount }),
      okButtonProps: { danger: true, 'data-testid': 'repeat-delete-ok' } as ButtonProps,
      onOk: () =>
        remove.mutateAsync(searched).then(
          ({ count }) => void message.success(t('defectAnalysis.repeat.deleted', { count })),
          () => undefined,
        ),
    });
  };

  const card = (member: RepeatMember, kept: boolean) => {
    const type = typeById.get(member.typeId);
    return (
      <MemberCard
        key={member.id}
        member={member}
        kept={kept}
        typeName={type ? defectTypeLabel(type) : String(member.typeId)}
        color={type?.color}
      />
    );
  };

  return (
    <>
      <Button size="small" icon={<CopyOutlined />} onClick={() => setOpen(true)} data-testid="repeat-open">
        {t('defectAnalysis.repeat.button')}
      </Button>
      <Modal
        open={open}
        width={900}
        title={t('defectAnalysis.repeat.title')}
        onCancel={() => setOpen(false)}
        destroyOnHidden
        footer={
          <Space>
            {canEdit && (
              <Button
                danger
                disabled={repeatedCount === 0}
                loading={remove.isPending}
                onClick={confirmDelete}
                data-testid="repeat-delete"
              >
                {t('defectAnalysis.repeat.delete')}
              </Button>
            )}
            <Button onClick={() => setOpen(false)}>{t('defectAnalysis.repeat.close')}</Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('defectAnalysis.repeat.intro')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <Typography.Text>{t('defectAnalysis.repeat.distance')}</Typography.Text>
          {/* No min or max: out of range, antd would not report the typed value and search with the old one. */}
          <InputNumber
            step={0.05}
            precision={3}
            value={distanceM}
            onChange={setDistanceM}
            status={valid ? undefined : 'error'}
            data-testid="repeat-distance"
          />
          <Typography.Text type={valid ? 'secondary' : 'danger'}>
            {t('defectAnalysis.repeat.distanceHint', { min: MIN_M })}
          </Typography.Text>
          <Button
            type="primary"
            disabled={!valid}
            loading={found.isFetching}
            onClick={() => valid && setSearched({ inspectionId, distanceM: distanceM! })}
            data-testid="repeat-find"
          >
            {t('defectAnalysis.repeat.find')}
          </Button>
        </Flex>
        {found.data && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('defectAnalysis.repeat.groups', { count: groups.length })}
            description={t('defectAnalysis.repeat.compared', {
              count: found.data.comparedCount,
              unlocated: found.data.unlocatedCount,
            })}
            data-testid="repeat-summary"
          />
        )}
        <List
          loading={found.isFetching}
          dataSource={groups}
          rowKey={(group) => group.keep.id}
          pagination={groups.length > GROUPS_PER_PAGE ? { pageSize: GROUPS_PER_PAGE, size: 'small' } : false}
          locale={{
            emptyText: (
              <Empty
                description={searched ? t('defectAnalysis.repeat.empty') : t('defectAnalysis.repeat.notSearched')}
              />
            ),
          }}
          renderItem={(group) => (
            <List.Item data-testid="repeat-group">
              <Flex gap={8} wrap>
                {card(group.keep, true)}
                {group.repeated.map((member) => card(member, false))}
              </Flex>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}

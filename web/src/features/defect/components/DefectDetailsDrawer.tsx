import { Button, Descriptions, Drawer, Flex, Result, Space, Spin, Tag, Typography } from 'antd';
import { EditOutlined, PictureOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Defect } from '@sightline/shared';
import { usePhotoDetail } from '../../../api/photo-files';
import { hasTranslation, translate } from '../../../i18n';
import { projectPaths } from '../../../lib/project-paths';
import { useDefectDetails, useProjectDefectFields } from '../api';
import { SIZE_DIMENSIONS, formatSize, levelKey, shownSize } from '../defect-display';
import { DefectCrop } from '../../../components/DefectPhoto';
import { TypeDot } from './TypeDot';

const formatTime = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm');
const SIZE_LABEL = {
  lengthM: 'defectList.column.length',
  widthMm: 'defectList.column.width',
  areaM2: 'defectList.column.area',
} as const;

function FieldValues({ defect }: { defect: Defect }) {
  const { t } = useTranslation();
  const fields = useProjectDefectFields(defect.projectId).data ?? [];
  const named = fields.filter((field) => defect.fields[String(field.id)] !== undefined);
  if (named.length === 0) return <Typography.Text type="secondary">{t('defectList.details.noFields')}</Typography.Text>;
  return (
    <Descriptions size="small" column={1} data-testid="defect-details-fields">
      {named.map((field) => {
        const value = defect.fields[String(field.id)]!;
        return (
          <Descriptions.Item key={field.id} label={field.name}>
            {Array.isArray(value) ? value.map((option) => <Tag key={option}>{option}</Tag>) : value}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}

function Photo({ defect }: { defect: Defect }) {
  const image = usePhotoDetail(defect.imageId).data;
  return image ? <DefectCrop defect={defect} image={image} width={360} /> : <Spin />;
}

/**
 * Everything about one defect (SPEC section 2, defect info): type, level, sizes computed and edited, custom fields,
 * where it is on the model or why it is not, and the photo around it, with a way to its photo and to edit it.
 */
export function DefectDetailsDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number;
  onClose: () => void;
  onEdit?: ((defect: Defect) => void) | undefined;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const details = useDefectDetails(id);
  const data = details.data;
  const defect = data?.defect;
  const typeName =
    data && (data.typeNameKey && hasTranslation(data.typeNameKey) ? translate(data.typeNameKey) : data.typeName);

  return (
    <Drawer
      open
      width={440}
      onClose={onClose}
      title={defect ? t('defectList.details.title', { code: defect.code }) : t('defectList.action.details')}
      data-testid="defect-details-drawer"
      data-defect-id={id}
      extra={
        defect &&
        onEdit && (
          <Button icon={<EditOutlined />} onClick={() => onEdit(defect)} data-testid="defect-details-edit">
            {t('defectList.action.edit')}
          </Button>
        )
      }
    >
      {details.isError ? (
        <Result status="warning" title={t('defectList.details.loadFailed')} />
      ) : !data || !defect ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Flex vertical gap={8}>
            <Photo defect={defect} />
            <Space wrap>
              <Button
                size="small"
                icon={<PictureOutlined />}
                onClick={() => void navigate(projectPaths.inspectionPhoto(defect.inspectionId, defect.imageId))}
                data-testid="defect-open-photo"
              >
                {t('defectList.action.openPhoto')}
              </Button>
              <Button
                size="small"
                onClick={() =>
                  void navigate(`${projectPaths.inspectionPhoto(defect.inspectionId, defect.imageId)}/edit`)
                }
              >
                {t('defectList.action.openEditor')}
              </Button>
              <Typography.Text type="secondary">{defect.imageName}</Typography.Text>
            </Space>
          </Flex>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('defectList.column.type')}>
              <Space size={6}>
                <TypeDot color={data.typeColor} />
                {typeName}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.level')}>{t(levelKey(defect.level))}</Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.component')}>{data.markerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('defectList.details.description')}>
              {defect.description || (
                <Typography.Text type="secondary">{t('defectList.details.noDescription')}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.source')}>
              {t(`defectList.source.${defect.source}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.star')}>
              {defect.star ? t('defectList.filter.starred') : t('defectList.filter.unstarred')}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.createdBy')}>
              {defect.createdByName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.details.createdAt')}>
              {formatTime(defect.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.details.updatedBy')}>
              {defect.updatedByName ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('defectList.column.updatedAt')}>
              {formatTime(defect.updatedAt)}
            </Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('defectList.details.sizes')}</Typography.Title>
            <Descriptions size="small" column={1} bordered data-testid="defect-details-sizes">
              {SIZE_DIMENSIONS.map((dimension) => {
                const size = shownSize(defect, dimension);
                return (
                  <Descriptions.Item key={dimension} label={t(SIZE_LABEL[dimension])}>
                    <span data-testid={`defect-details-${dimension}`}>
                      {formatSize(size.value, dimension)}
                      {size.edited && (
                        <Typography.Text type="secondary">
                          {' '}
                          ({t('defectList.computedValue', { value: formatSize(size.computed, dimension) })})
                        </Typography.Text>
                      )}
                    </span>
                  </Descriptions.Item>
                );
              })}
              <Descriptions.Item label={t('defectList.details.basis')}>
                {t(`defectList.basis.${defect.sizeBasis}`)}
              </Descriptions.Item>
            </Descriptions>
          </div>
          <div>
            <Typography.Title level={5}>{t('defectList.details.fields')}</Typography.Title>
            <FieldValues defect={defect} />
          </div>
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t('defectList.details.location')}>
              <span data-testid="defect-details-location" data-state={defect.locationState}>
                {t(`defectList.location.${defect.locationState}`)}
              </span>
            </Descriptions.Item>
            {defect.position && (
              <Descriptions.Item label={t('defectList.details.position')}>
                {t('defectList.details.positionValue', {
                  lon: defect.position.lon.toFixed(7),
                  lat: defect.position.lat.toFixed(7),
                  height: defect.position.height.toFixed(2),
                })}
              </Descriptions.Item>
            )}
          </Descriptions>
        </Flex>
      )}
    </Drawer>
  );
}

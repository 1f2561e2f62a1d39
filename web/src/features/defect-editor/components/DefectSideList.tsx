import { Empty, Flex, List, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { translate } from '../../../i18n';
import type { Defect, DefectType } from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';

/** A size as the list writes it: metres to the millimetre, millimetres to the hundredth, m² to 1 cm². */
export function formatSizes(size: Defect['size']) {
  return {
    length: size.lengthM === null ? null : size.lengthM.toFixed(3),
    width: size.widthMm === null ? null : size.widthMm.toFixed(2),
    area: size.areaM2 === null ? null : size.areaM2.toFixed(4),
  };
}

const LIST_PAGE = 50;

/**
 * The photo's defects beside the photo: type colour, code, type and level, and the sizes the server measured
 * (length m, width mm, area m²); a click selects one on the photo.
 */
export function DefectSideList({
  defects,
  types,
  selectedId,
  loading,
  onSelect,
}: {
  defects: readonly Defect[];
  types: ReadonlyMap<number, DefectType>;
  selectedId: number | null;
  loading: boolean;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <List
      size="small"
      loading={loading}
      dataSource={[...defects]}
      pagination={defects.length > LIST_PAGE ? { pageSize: LIST_PAGE, size: 'small', showSizeChanger: false } : false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('defectEditor.list.empty')} /> }}
      data-testid="defect-side-list"
      renderItem={(defect) => {
        const type = types.get(defect.typeId);
        const sizes = formatSizes(defect.size);
        const parts = [
          sizes.length !== null && t('defectEditor.list.length', { value: sizes.length }),
          sizes.width !== null && t('defectEditor.list.width', { value: sizes.width }),
          sizes.area !== null && t('defectEditor.list.area', { value: sizes.area }),
        ].filter(Boolean);
        return (
          <List.Item
            onClick={() => onSelect(defect.id)}
            style={{
              cursor: 'pointer',
              paddingInline: 8,
              background: defect.id === selectedId ? token.controlItemBgActive : undefined,
            }}
            data-testid="defect-item"
            data-defect-id={defect.id}
            data-selected={defect.id === selectedId}
            data-length={defect.size.lengthM ?? ''}
            data-width={defect.size.widthMm ?? ''}
            data-area={defect.size.areaM2 ?? ''}
          >
            <Flex vertical gap={2} style={{ width: '100%' }}>
              <Flex align="center" gap={6}>
                <span
                  style={{
                    display: 'inline-block',
                    width: 10,
                    height: 10,
                    borderRadius: 2,
                    background: type?.color ?? token.colorTextTertiary,
                  }}
                />
                <Typography.Text strong>{defect.code}</Typography.Text>
                <Typography.Text ellipsis>{type ? defectTypeLabel(type) : ''}</Typography.Text>
                <Tag style={{ marginInlineStart: 'auto' }}>
                  {defect.level} · {translate(`defectEditor.level.${defect.level}`)}
                </Tag>
              </Flex>
              <Typography.Text type="secondary" data-testid="defect-item-sizes">
                {parts.length > 0 ? parts.join(' · ') : t('defectEditor.list.noSize')}
              </Typography.Text>
            </Flex>
          </List.Item>
        );
      }}
    />
  );
}

import { Button, Empty, Flex, List, Typography } from 'antd';
import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InspectionImage } from '@sightline/shared';
import { PhotoThumbnail } from '../../../components/photo-viewer/PhotoThumbnail';

export interface CandidateGroup {
  inspection: { id: number; name: string; inspectionDate: string | null };
  /** Bound photos: one photo bound to several markers of the place comes once per marker. */
  images: readonly { image: InspectionImage }[];
}

const distinctImages = (bound: CandidateGroup['images']) => [
  ...new Map(bound.map(({ image }) => [image.id, image])).values(),
];

/** The photos of the same place in each inspection, newest first, each added to or removed from the comparison. */
export function CompareCandidates({
  groups,
  chosen,
  onToggle,
}: {
  groups: readonly CandidateGroup[];
  chosen: readonly number[];
  onToggle: (imageId: number) => void;
}) {
  const { t } = useTranslation();
  if (groups.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('photoCompare.noCandidates')} />;
  }
  return (
    <Flex vertical gap={12} data-testid="compare-candidates">
      {groups.map(({ inspection, images }) => (
        <div key={inspection.id}>
          <Typography.Text strong>
            {inspection.name}
            {inspection.inspectionDate && (
              <Typography.Text type="secondary"> ({inspection.inspectionDate})</Typography.Text>
            )}
          </Typography.Text>
          <List
            size="small"
            dataSource={distinctImages(images)}
            renderItem={(image) => {
              const isChosen = chosen.includes(image.id);
              return (
                <List.Item
                  data-testid={`compare-candidate-${image.id}`}
                  actions={[
                    <Button
                      key="toggle"
                      size="small"
                      type={isChosen ? 'default' : 'primary'}
                      icon={isChosen ? <MinusOutlined /> : <PlusOutlined />}
                      aria-label={isChosen ? t('photoCompare.remove') : t('photoCompare.add')}
                      onClick={() => onToggle(image.id)}
                    />,
                  ]}
                >
                  <Flex align="center" gap={8} style={{ minWidth: 0 }}>
                    <PhotoThumbnail image={image} width={48} />
                    <Typography.Text ellipsis>{image.name}</Typography.Text>
                  </Flex>
                </List.Item>
              );
            }}
          />
        </div>
      ))}
    </Flex>
  );
}

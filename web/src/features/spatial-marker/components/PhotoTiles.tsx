import { Checkbox, Empty, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectionImage } from '@sightline/shared';
import { PhotoThumbnail } from '../../../components/photo-viewer/PhotoThumbnail';

export interface PhotoTile {
  /** What selecting the tile selects (a photo's id, or a binding's). */
  key: number;
  image: InspectionImage;
  /** A short note under the name (how it was bound). */
  note?: string;
}

/** Photos as small selectable thumbnails, for binding, unbinding and moving them. */
export function PhotoTiles({
  tiles,
  selected,
  onChange,
  testId,
}: {
  tiles: readonly PhotoTile[];
  selected?: ReadonlySet<number>;
  onChange?: (selected: Set<number>) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (tiles.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('projectUi.markers.binding.noPhotos')}
        data-testid={testId}
      />
    );
  }
  const toggle = (key: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(key);
    else next.delete(key);
    onChange?.(next);
  };
  return (
    <Flex wrap gap={6} data-testid={testId} data-count={tiles.length}>
      {tiles.map(({ key, image, note }) => (
        <div
          key={key}
          onClick={onChange ? () => toggle(key, !selected?.has(key)) : undefined}
          style={{ width: 104, cursor: onChange ? 'pointer' : undefined, position: 'relative' }}
          data-testid="photo-tile"
          data-image-id={image.id}
        >
          <PhotoThumbnail image={image} width={104} style={{ background: 'rgba(127,127,127,0.2)', borderRadius: 4 }}>
            {onChange && (
              <Checkbox
                checked={selected?.has(key) ?? false}
                onChange={(event) => toggle(key, event.target.checked)}
                onClick={(event) => event.stopPropagation()}
                style={{ position: 'absolute', top: 4, left: 6 }}
                aria-label={image.name}
              />
            )}
          </PhotoThumbnail>
          <Typography.Text ellipsis style={{ fontSize: 12, display: 'block' }}>
            {image.name}
          </Typography.Text>
          {note && (
            <Tag bordered={false} style={{ fontSize: 11 }}>
              {note}
            </Tag>
          )}
        </div>
      ))}
    </Flex>
  );
}

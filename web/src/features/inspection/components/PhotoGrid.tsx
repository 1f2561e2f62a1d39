import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Button, Checkbox, Flex, Spin, Tag, Tooltip, Typography, theme } from 'antd';
import { EditOutlined, ExclamationCircleOutlined, LoadingOutlined, PictureOutlined } from '@ant-design/icons';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { FileLink, InspectionImage } from '@sightline/shared';
import { withFileLink } from '../../../api/file-links';
import { translate } from '../../../i18n';

/** A tile's width at least; the grid fits as many columns as the width allows. */
const TILE_MIN_PX = 150;
const GAP_PX = 8;
/** The name line under the square thumbnail. */
const CAPTION_PX = 28;
/** Rows drawn beyond the visible ones, so a quick scroll shows no blank rows. */
const OVERSCAN_ROWS = 3;

export interface PhotoGridProps {
  images: readonly InspectionImage[];
  link: FileLink | undefined;
  selected: ReadonlySet<number>;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** `index` in `images`; `range` when shift was held (select from the last clicked one). */
  onToggle: (index: number, range: boolean) => void;
  onOpen: (image: InspectionImage) => void;
  /** Opens a processed photo in the image editor (the button on its tile). */
  onEdit?: (image: InspectionImage) => void;
  height: number | string;
}

/**
 * The photos of an inspection as a grid of thumbnails that stays smooth with thousands of photos: only the rows
 * in view are in the page (@tanstack/react-virtual), and the next page is asked for as the last rows come near.
 */
export function PhotoGrid({
  images,
  link,
  selected,
  hasMore,
  loadingMore,
  onLoadMore,
  onToggle,
  onOpen,
  onEdit,
  height,
}: PhotoGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, []);

  const columns = Math.max(1, Math.floor((width + GAP_PX) / (TILE_MIN_PX + GAP_PX)));
  const tile = width > 0 ? Math.floor((width - GAP_PX * (columns - 1)) / columns) : TILE_MIN_PX;
  const rowHeight = tile + CAPTION_PX + GAP_PX;
  const rows = Math.ceil(images.length / columns) + (hasMore ? 1 : 0);

  // The virtualiser's functions change as it measures: this component is rendered without the compiler's memo.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
  });
  useEffect(() => virtualizer.measure(), [rowHeight, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const lastRow = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && lastRow >= rows - 1 - OVERSCAN_ROWS) onLoadMore();
  }, [hasMore, lastRow, loadingMore, onLoadMore, rows]);

  return (
    <div
      ref={scrollRef}
      style={{ height, overflowY: 'auto', overflowX: 'hidden', contain: 'strict' }}
      data-testid="photo-grid"
      data-count={images.length}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {items.map((row) => {
          const start = row.index * columns;
          const rowImages = images.slice(start, start + columns);
          return (
            <div
              key={row.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: rowHeight,
                transform: `translateY(${row.start}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, ${tile}px)`,
                columnGap: GAP_PX,
              }}
            >
              {rowImages.map((image, offset) => (
                <PhotoTile
                  key={image.id}
                  image={image}
                  index={start + offset}
                  size={tile}
                  link={link}
                  selected={selected.has(image.id)}
                  onToggle={onToggle}
                  onOpen={onOpen}
                  onEdit={onEdit}
                />
              ))}
              {rowImages.length === 0 && hasMore && (
                <Flex align="center" justify="center" style={{ gridColumn: '1 / -1', height: tile }}>
                  <Spin />
                </Flex>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface PhotoTileProps {
  image: InspectionImage;
  index: number;
  size: number;
  link: FileLink | undefined;
  selected: boolean;
  onToggle: (index: number, range: boolean) => void;
  onOpen: (image: InspectionImage) => void;
  onEdit: ((image: InspectionImage) => void) | undefined;
}

const PhotoTile = memo(function PhotoTile({
  image,
  index,
  size,
  link,
  selected,
  onToggle,
  onOpen,
  onEdit,
}: PhotoTileProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const src = image.thumbnailUrl && link ? withFileLink(image.thumbnailUrl, link) : undefined;
  const badge =
    image.state === 'uploaded' ? (
      <Tag color="processing" icon={<LoadingOutlined />} data-testid="photo-badge-processing">
        {t('inspectionPhotos.badge.processing')}
      </Tag>
    ) : image.state === 'failed' ? (
      <Tooltip title={image.errorKey ? translate(`errors.${image.errorKey}`) : undefined}>
        <Tag color="error" icon={<ExclamationCircleOutlined />} data-testid="photo-badge-failed">
          {t('inspectionPhotos.badge.failed')}
        </Tag>
      </Tooltip>
    ) : image.pose === null ? (
      <Tag color="warning" data-testid="photo-badge-without-pose">
        {t('inspectionPhotos.badge.withoutPose')}
      </Tag>
    ) : null;

  return (
    <div
      data-testid="photo-tile"
      data-image-id={image.id}
      data-state={image.state}
      data-selected={selected}
      style={{ width: size, minWidth: 0 }}
    >
      <div
        role="button"
        tabIndex={0}
        aria-label={image.name}
        onClick={() => onOpen(image)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onOpen(image);
        }}
        style={{
          position: 'relative',
          width: size,
          height: size,
          borderRadius: token.borderRadius,
          overflow: 'hidden',
          cursor: 'pointer',
          background: token.colorFillQuaternary,
          outline: selected ? `2px solid ${token.colorPrimary}` : `1px solid ${token.colorBorderSecondary}`,
          outlineOffset: selected ? -2 : -1,
        }}
      >
        {src ? (
          <img
            src={src}
            alt={image.name}
            loading="lazy"
            decoding="async"
            draggable={false}
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            data-testid="photo-thumbnail"
          />
        ) : (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <PictureOutlined style={{ fontSize: 36, color: token.colorTextQuaternary }} />
          </Flex>
        )}
        {/* The box selects (shift: the range from the last one); the rest of the tile opens the photo. */}
        <div
          style={{ position: 'absolute', top: 6, left: 6 }}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Checkbox
            checked={selected}
            onChange={(event) => onToggle(index, (event.nativeEvent as unknown as MouseEvent).shiftKey)}
            aria-label={t('inspectionPhotos.grid.select', { name: image.name })}
            data-testid="photo-select"
          />
        </div>
        {badge && <div style={{ position: 'absolute', bottom: 4, left: 4 }}>{badge}</div>}
        {onEdit && image.state === 'processed' && (
          <Tooltip title={t('defectEditor.open')}>
            <Button
              size="small"
              icon={<EditOutlined />}
              aria-label={t('defectEditor.open')}
              style={{ position: 'absolute', top: 6, right: 6 }}
              onClick={(event) => {
                event.stopPropagation();
                onEdit(image);
              }}
              onKeyDown={(event) => event.stopPropagation()}
              data-testid="photo-edit-defects"
            />
          </Tooltip>
        )}
      </div>
      <Typography.Text ellipsis={{ tooltip: image.name }} style={{ display: 'block', lineHeight: `${CAPTION_PX}px` }}>
        {image.name}
      </Typography.Text>
    </div>
  );
});

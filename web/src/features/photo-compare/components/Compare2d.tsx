import { useCallback, useRef, useState } from 'react';
import { Typography, theme } from 'antd';
import type { InspectionImageDetail } from '@sightline/shared';
import {
  PhotoViewer,
  type PhotoViewerHandle,
  type PhotoViewport,
  uprightSize,
} from '../../../components/photo-viewer/PhotoViewer';

/**
 * 2 to 4 photos side by side, each at full resolution on its Deep Zoom pyramid. Locked, a zoom or pan in one viewer
 * shows the same part (relative to each photo's width) in the others: the viewer the user last touched leads, and
 * only its changes are passed on, so the followers' own changes never echo back.
 */
export function Compare2d({
  photos,
  labels,
  locked,
}: {
  photos: readonly InspectionImageDetail[];
  labels: readonly string[];
  locked: boolean;
}) {
  const { token } = theme.useToken();
  const handles = useRef<Array<PhotoViewerHandle | null>>([]);
  const leader = useRef(0);
  const [zooms, setZooms] = useState<Record<number, number>>({});

  const changed = useCallback(
    (index: number, viewport: PhotoViewport, zoom: number) => {
      setZooms((current) => ({ ...current, [photos[index]!.id]: zoom }));
      if (!locked || index !== leader.current) return;
      handles.current.forEach((handle, other) => {
        if (other !== index) handle?.showViewport(viewport);
      });
    },
    [locked, photos],
  );

  const columns = photos.length === 3 ? 3 : 2;
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, 1fr)`, gap: 8, height: '100%' }}
      data-testid="compare-2d"
      data-locked={locked}
    >
      {photos.map((photo, index) => {
        const size = uprightSize(photo.width ?? 1, photo.height ?? 1, photo.metadata);
        const lead = () => {
          leader.current = index;
        };
        return (
          <div
            key={photo.id}
            style={{
              display: 'flex',
              flexDirection: 'column',
              minHeight: 0,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 8,
              overflow: 'hidden',
            }}
            onPointerDownCapture={lead}
            onWheelCapture={lead}
            onPointerEnter={lead}
            data-testid="compare-panel"
            data-image-id={photo.id}
            data-zoom={(zooms[photo.id] ?? 1).toFixed(3)}
          >
            <Typography.Text ellipsis style={{ padding: '4px 8px' }}>
              {labels[index]}
            </Typography.Text>
            <div style={{ flex: 1, minHeight: 0, background: '#000' }}>
              <PhotoViewer
                ref={(handle) => {
                  handles.current[index] = handle;
                }}
                inspectionId={photo.inspectionId}
                imageId={photo.id}
                imageWidth={size.width}
                imageHeight={size.height}
                previewUrl={photo.previewUrl}
                onViewportChange={(viewport, zoom) => changed(index, viewport, zoom)}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}

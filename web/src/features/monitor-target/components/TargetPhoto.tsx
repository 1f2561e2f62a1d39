import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { theme } from 'antd';
import type { TargetRegion } from '@sightline/shared';
import { withFileLink } from '../../../api/file-links';
import { photoFilesFolder, useFolderLink } from '../../../api/photo-files';

interface PhotoRef {
  id: number;
  inspectionId: number;
  width: number;
  height: number;
  previewUrl: string | null;
}

interface TargetPhotoProps {
  photo: PhotoRef;
  /** Drawn over the photo, in its pixels. */
  region?: TargetRegion | null;
  position?: { x: number; y: number } | null;
  /** Dragging draws a rectangle (a new target's region). */
  onRegion?: (region: TargetRegion) => void;
  /** A click picks a point (a position set by hand). */
  onPoint?: (point: { x: number; y: number }) => void;
  testId?: string;
  children?: ReactNode;
}

/** Photo pixels of a pointer event, from the SVG's own transform (the photo is drawn in its pixels). */
function photoPoint(svg: SVGSVGElement, event: PointerEvent) {
  const matrix = svg.getScreenCTM();
  if (!matrix) return null;
  const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
  return { x: point.x, y: point.y };
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * A photo's preview with a target drawn over it (its region, its centre as a cross); it can draw a rectangle by
 * dragging or pick a point by clicking, both in the photo's pixels.
 */
export function TargetPhoto({ photo, region, position, onRegion, onPoint, testId, children }: TargetPhotoProps) {
  const { token } = theme.useToken();
  const svg = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ x0: number; y0: number; x1: number; y1: number } | null>(null);
  const link = useFolderLink(photo.previewUrl ? photoFilesFolder(photo.inspectionId, photo.id) : null);
  const cross = Math.max(photo.width, photo.height) / 40;
  const at = (event: PointerEvent) => {
    const point = svg.current && photoPoint(svg.current, event);
    return point && { x: clamp(point.x, photo.width), y: clamp(point.y, photo.height) };
  };
  const shown = drag
    ? {
        x: Math.min(drag.x0, drag.x1),
        y: Math.min(drag.y0, drag.y1),
        width: Math.abs(drag.x1 - drag.x0),
        height: Math.abs(drag.y1 - drag.y0),
      }
    : region;

  return (
    <svg
      ref={svg}
      viewBox={`0 0 ${photo.width} ${photo.height}`}
      style={{
        display: 'block',
        width: '100%',
        background: 'rgba(128,128,128,0.2)',
        borderRadius: 4,
        cursor: onRegion || onPoint ? 'crosshair' : 'default',
        touchAction: 'none',
      }}
      data-testid={testId}
      onPointerDown={(event) => {
        if (!onRegion) return;
        const point = at(event);
        if (!point) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ x0: point.x, y0: point.y, x1: point.x, y1: point.y });
      }}
      onPointerMove={(event) => {
        const point = drag && at(event);
        if (point) setDrag((current) => current && { ...current, x1: point.x, y1: point.y });
      }}
      onPointerUp={(event) => {
        const point = at(event);
        if (drag && point && onRegion) {
          const x = Math.round(Math.min(drag.x0, point.x));
          const y = Math.round(Math.min(drag.y0, point.y));
          onRegion({
            x,
            y,
            width: Math.round(Math.max(drag.x0, point.x)) - x,
            height: Math.round(Math.max(drag.y0, point.y)) - y,
          });
        } else if (point && onPoint) {
          onPoint({ x: Math.round(point.x * 100) / 100, y: Math.round(point.y * 100) / 100 });
        }
        setDrag(null);
      }}
    >
      {photo.previewUrl && link && (
        <image
          href={withFileLink(photo.previewUrl, link)}
          width={photo.width}
          height={photo.height}
          preserveAspectRatio="none"
        />
      )}
      {shown && (
        <rect
          {...shown}
          fill={`${token.colorPrimary}22`}
          stroke={token.colorPrimary}
          strokeWidth={2}
          vectorEffect="non-scaling-stroke"
          data-testid="target-region"
        />
      )}
      {position && (
        <g stroke={token.colorError} strokeWidth={2} data-testid="target-position">
          <line
            x1={position.x - cross}
            y1={position.y}
            x2={position.x + cross}
            y2={position.y}
            vectorEffect="non-scaling-stroke"
          />
          <line
            x1={position.x}
            y1={position.y - cross}
            x2={position.x}
            y2={position.y + cross}
            vectorEffect="non-scaling-stroke"
          />
        </g>
      )}
      {children}
    </svg>
  );
}

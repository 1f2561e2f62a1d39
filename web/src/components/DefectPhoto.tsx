import type { Defect, InspectionImage } from '@sightline/shared';
import { theme } from 'antd';
import { withFileLink } from '../api/file-links';
import { photoFilesFolder, useFolderLink, usePhotoDetail } from '../api/photo-files';
import { cropAround } from '../lib/defect-crop';
import { PhotoThumbnail } from './photo-viewer/PhotoThumbnail';

/** The defect's shape as SVG over a picture of its photo, in the photo's pixels. */
function ShapeOverlay({ defect, stroke }: { defect: Defect; stroke: string }) {
  const points = defect.shape.points.map(([u, v]) => `${u},${v}`).join(' ');
  const props = {
    points,
    fill: defect.shape.kind === 'polyline' ? 'none' : `${stroke}33`,
    stroke,
    strokeWidth: 2,
    vectorEffect: 'non-scaling-stroke' as const,
  };
  return defect.shape.kind === 'polyline' ? <polyline {...props} /> : <polygon {...props} />;
}

/** A row's photo: its thumbnail with the defect drawn over it. */
export function DefectPhotoThumbnail({ defect, width }: { defect: Defect; width: number }) {
  const image = usePhotoDetail(defect.imageId).data;
  const { token } = theme.useToken();
  if (!image) return <div style={{ width, height: Math.round(width * 0.75), background: 'rgba(128,128,128,0.2)' }} />;
  return (
    <PhotoThumbnail image={image} width={width}>
      {image.width && image.height && (
        <svg
          viewBox={`0 0 ${image.width} ${image.height}`}
          preserveAspectRatio="none"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
        >
          <ShapeOverlay defect={defect} stroke={token.colorError} />
        </svg>
      )}
    </PhotoThumbnail>
  );
}

/** The part of the photo's preview around the defect, the shape drawn over it (the defect details, a defect's history). */
export function DefectCrop({ defect, image, width }: { defect: Defect; image: InspectionImage; width: number }) {
  const link = useFolderLink(image.previewUrl ? photoFilesFolder(image.inspectionId, image.id) : null);
  const { token } = theme.useToken();
  if (!image.width || !image.height) return null;
  const box = cropAround(defect.shape.points, image.width, image.height);
  return (
    <svg
      viewBox={`${box.x} ${box.y} ${box.width} ${box.height}`}
      width={width}
      height={Math.round((width * box.height) / box.width)}
      style={{ display: 'block', background: 'rgba(128,128,128,0.2)', borderRadius: 4 }}
      data-testid="defect-crop"
    >
      {image.previewUrl && link && (
        <image
          href={withFileLink(image.previewUrl, link)}
          x={0}
          y={0}
          width={image.width}
          height={image.height}
          preserveAspectRatio="none"
        />
      )}
      <ShapeOverlay defect={defect} stroke={token.colorError} />
    </svg>
  );
}

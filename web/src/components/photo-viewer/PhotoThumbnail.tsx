import type { CSSProperties, ReactNode } from 'react';
import type { InspectionImage } from '@sightline/shared';
import { withFileLink } from '../../api/file-links';
import { photoFilesFolder, useFolderLink } from '../../api/photo-files';

/** A photo's thumbnail through a signed link to its files, with `children` drawn over it (a mark at a pixel, say). */
export function PhotoThumbnail({
  image,
  width,
  children,
  style,
}: {
  image: InspectionImage;
  width: number;
  children?: ReactNode;
  style?: CSSProperties;
}) {
  const link = useFolderLink(image.thumbnailUrl ? photoFilesFolder(image.inspectionId, image.id) : null);
  const ratio = image.width && image.height ? image.height / image.width : 0.75;
  return (
    <div
      style={{
        position: 'relative',
        width,
        height: Math.round(width * ratio),
        flex: 'none',
        // A grey placeholder while the signed link and the thumbnail load.
        background: 'rgba(128, 128, 128, 0.2)',
        borderRadius: 4,
        ...style,
      }}
    >
      {image.thumbnailUrl && link && (
        <img
          src={withFileLink(image.thumbnailUrl, link)}
          alt=""
          style={{ width: '100%', height: '100%', objectFit: 'fill', display: 'block', borderRadius: 4 }}
        />
      )}
      {children}
    </div>
  );
}

import { Collapse, Descriptions, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImagePoseRecord, InspectionImageDetail } from '@sightline/shared';
import { formatBytes } from '../../../lib/sizes';

/** The metadata fields the server reads from a photo (packages/imagery PhotoMetadata); any may be missing. */
interface Reading {
  make?: string | null;
  model?: string | null;
  captureTime?: string | null;
  focalLengthMm?: number | null;
  focalLength35mm?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  gpsAltitude?: number | null;
  absoluteAltitude?: number | null;
  relativeAltitude?: number | null;
  gimbalYaw?: number | null;
  gimbalPitch?: number | null;
  gimbalRoll?: number | null;
  flightYaw?: number | null;
  flightPitch?: number | null;
  flightRoll?: number | null;
}

const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined ? null : value.toFixed(digits);

/**
 * The photo's metadata beside the viewer: file, resolution, capture, camera, GPS and altitudes, gimbal and flight
 * angles, its pose with where the pose came from (or why it has none), and the whole reading in a collapsed section.
 */
export function PhotoMetadataPanel({
  image,
  poseRecord,
}: {
  image: InspectionImageDetail;
  poseRecord: ImagePoseRecord | null | undefined;
}) {
  const { t } = useTranslation();
  const meta = (image.metadata ?? {}) as Reading;
  const unknown = <Typography.Text type="secondary">{t('photoViewer.meta.unknown')}</Typography.Text>;
  const or = (value: React.ReactNode | null) => (value === null || value === '' ? unknown : value);
  const angles = (yaw?: number | null, pitch?: number | null, roll?: number | null) =>
    yaw === null || yaw === undefined
      ? null
      : t('photoViewer.meta.angles', {
          yaw: `${fixed(yaw, 1)}°`,
          pitch: `${fixed(pitch, 1) ?? '-'}°`,
          roll: `${fixed(roll, 1) ?? '-'}°`,
        });
  const metres = (value?: number | null) =>
    value === null || value === undefined ? null : t('photoViewer.meta.metres', { value: value.toFixed(2) });
  const camera = [meta.make, meta.model].filter(Boolean).join(' ');

  const items = [
    { key: 'name', label: t('photoViewer.meta.name'), children: <span data-testid="meta-name">{image.name}</span> },
    { key: 'size', label: t('photoViewer.meta.size'), children: formatBytes(image.sizeBytes) },
    {
      key: 'resolution',
      label: t('photoViewer.meta.resolution'),
      children: (
        <span data-testid="meta-resolution">
          {image.width && image.height
            ? t('photoViewer.meta.resolutionValue', {
                width: image.width,
                height: image.height,
                megapixels: ((image.width * image.height) / 1e6).toFixed(1),
              })
            : unknown}
        </span>
      ),
    },
    {
      key: 'capture',
      label: t('photoViewer.meta.captureTime'),
      children: or(meta.captureTime?.replace('T', ' ') ?? null),
    },
    { key: 'camera', label: t('photoViewer.meta.camera'), children: or(camera || null) },
    {
      key: 'focal',
      label: t('photoViewer.meta.focalLength'),
      children: or(
        meta.focalLengthMm
          ? t('photoViewer.meta.focalLengthValue', {
              mm: fixed(meta.focalLengthMm, 2),
              mm35: fixed(meta.focalLength35mm, 0) ?? '-',
            })
          : null,
      ),
    },
    {
      key: 'gps',
      label: t('photoViewer.meta.gps'),
      children: (
        <span data-testid="meta-gps">
          {or(
            meta.latitude !== null && meta.latitude !== undefined
              ? t('photoViewer.meta.gpsValue', {
                  latitude: fixed(meta.latitude, 7),
                  longitude: fixed(meta.longitude, 7),
                })
              : null,
          )}
        </span>
      ),
    },
    { key: 'gpsAltitude', label: t('photoViewer.meta.gpsAltitude'), children: or(metres(meta.gpsAltitude)) },
    { key: 'absolute', label: t('photoViewer.meta.absoluteAltitude'), children: or(metres(meta.absoluteAltitude)) },
    { key: 'relative', label: t('photoViewer.meta.relativeAltitude'), children: or(metres(meta.relativeAltitude)) },
    {
      key: 'gimbal',
      label: t('photoViewer.meta.gimbal'),
      children: or(angles(meta.gimbalYaw, meta.gimbalPitch, meta.gimbalRoll)),
    },
    {
      key: 'flight',
      label: t('photoViewer.meta.flight'),
      children: or(angles(meta.flightYaw, meta.flightPitch, meta.flightRoll)),
    },
    {
      key: 'state',
      label: t('photoViewer.meta.state'),
      children: (
        <Tag color={image.state === 'failed' ? 'error' : image.state === 'processed' ? 'success' : 'processing'}>
          {t(`photoViewer.meta.stateValue.${image.state}`)}
        </Tag>
      ),
    },
  ];
  if (image.pose) {
    const pose = image.pose;
    items.push(
      {
        key: 'pose',
        label: t('photoViewer.meta.pose'),
        children: (
          <span data-testid="meta-pose">
            {t('photoViewer.meta.poseValue', {
              longitude: pose.longitude.toFixed(7),
              latitude: pose.latitude.toFixed(7),
              altitude: pose.altitude.toFixed(2),
            })}
            <br />
            {t('photoViewer.meta.poseAngles', {
              yaw: pose.yaw.toFixed(1),
              pitch: pose.pitch.toFixed(1),
              roll: pose.roll.toFixed(1),
            })}
          </span>
        ),
      },
      {
        key: 'poseSource',
        label: t('photoViewer.meta.poseSource'),
        children: poseRecord?.source ? (
          <Tag data-testid="meta-pose-source">{t(`photoViewer.meta.source.${poseRecord.source}`)}</Tag>
        ) : (
          unknown
        ),
      },
    );
  } else if (image.withoutPose) {
    items.push({
      key: 'withoutPose',
      label: t('photoViewer.meta.withoutPose'),
      children: (
        <span data-testid="meta-without-pose">
          <Tag color="warning">{t(`photoViewer.meta.reason.${image.withoutPose.reason}`)}</Tag>
          {image.withoutPose.properties.length > 0 && (
            <Typography.Text type="secondary">
              {t('photoViewer.meta.properties', { properties: image.withoutPose.properties.join(', ') })}
            </Typography.Text>
          )}
        </span>
      ),
    });
  }

  return (
    <div data-testid="photo-metadata">
      <Descriptions size="small" column={1} bordered items={items} styles={{ label: { width: 120 } }} />
      <Collapse
        size="small"
        style={{ marginTop: 12 }}
        items={[
          {
            key: 'raw',
            label: t('photoViewer.meta.raw'),
            children: (
              <pre
                data-testid="meta-raw"
                style={{ margin: 0, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
              >
                {JSON.stringify(image.metadata ?? {}, null, 2)}
              </pre>
            ),
          },
        ]}
      />
    </div>
  );
}

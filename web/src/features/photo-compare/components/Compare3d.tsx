import { useEffect, useMemo, useState } from 'react';
import { Alert, Flex, Spin, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InspectionImage } from '@sightline/shared';
import { useInspectionPhotoView } from '../../../api/inspection-photo-view';
import { useInspectionInfo } from '../../../api/inspections';
import { type ProjectedPhoto, usePhotoProjections } from '../../../api/photo-projections';
import { useProjectModel } from '../../../api/project';
import { loadProjectTileset } from '../../../api/project-tileset';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { ModelViewer, type ViewerApi, toViewerPhotos } from '../../../viewer';

/**
 * One photo in its own 3D view: the model, the photo's frustum, and the photo projected where its optical axis meets
 * the model, framed from above and behind the camera.
 */
function PhotoScene({ api, image, tilesetUrl }: { api: ViewerApi; image: InspectionImage; tilesetUrl: string }) {
  const { t } = useTranslation();
  const view = useInspectionPhotoView(image.inspectionId);
  const [framed, setFramed] = useState(false);
  const photos: ProjectedPhoto[] = useMemo(() => (view.data ? [{ image, view: view.data }] : []), [image, view.data]);
  const projection = usePhotoProjections(api, photos);
  const frustums = useMemo(
    () =>
      view.data ? toViewerPhotos({ ...view.data, photos: view.data.photos.filter((p) => p.id === image.id) }) : [],
    [image.id, view.data],
  );

  useEffect(() => {
    if (frustums.length === 0) return;
    let current = true;
    void (async () => {
      await loadProjectTileset(api, tilesetUrl);
      await api.showPhotos(frustums);
      await api.flyToPhotos({ duration: 0 });
      if (current) setFramed(true);
    })();
    return () => {
      current = false;
    };
  }, [api, tilesetUrl, frustums]);

  const noPose = view.data !== undefined && frustums.length === 0;
  return (
    <>
      <div
        hidden
        data-testid="compare-3d-scene"
        data-state={framed && projection.state === 'drawn' ? 'drawn' : 'loading'}
      />
      {noPose && (
        <Alert
          type="warning"
          showIcon
          title={t('photoCompare.noPose', { name: image.name })}
          style={{ position: 'absolute', top: 12, left: 12, right: 12 }}
        />
      )}
      {projection.failed.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('photoSight.noCollision', { name: image.name })}
          style={{ position: 'absolute', bottom: 12, left: 12, right: 12 }}
        />
      )}
    </>
  );
}

/** Exactly two photos, each in its own 3D view of the project's model side by side (SPEC section 5). */
export function Compare3d({ photos, labels }: { photos: readonly InspectionImage[]; labels: readonly string[] }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const appTheme = usePreferencesStore((state) => state.theme);
  const inspection = useInspectionInfo(photos[0]?.inspectionId ?? null);
  const model = useProjectModel(inspection.data?.projectId ?? null);
  const tilesetUrl = model.data?.tilesetUrl ?? null;

  if (inspection.isPending || model.isPending) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }
  if (!tilesetUrl) return <Alert type="warning" showIcon title={t('photoCompare.noModel')} />;
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, height: '100%' }} data-testid="compare-3d">
      {photos.map((image, index) => (
        <Flex
          vertical
          key={image.id}
          style={{
            minHeight: 0,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: 8,
            overflow: 'hidden',
          }}
          data-testid="compare-panel"
          data-image-id={image.id}
        >
          <Typography.Text ellipsis style={{ padding: '4px 8px' }}>
            {labels[index]}
          </Typography.Text>
          <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
            <ModelViewer theme={appTheme}>
              {(api) => <PhotoScene api={api} image={image} tilesetUrl={tilesetUrl} />}
            </ModelViewer>
          </div>
        </Flex>
      ))}
    </div>
  );
}

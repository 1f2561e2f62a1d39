import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { App as AntdApp, Button, Flex, List, Tooltip, Typography, theme } from 'antd';
import { CloseOutlined, EnvironmentOutlined, ExpandOutlined, PictureOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LIMITS, type MarkerPosition, canProjectAnother, spatialMarkerCalls } from '@sightline/shared';
import { call } from '../../../api/client';
import { useInspectionPhotoView } from '../../../api/inspection-photo-view';
import { type ProjectedPhoto, usePhotoProjections } from '../../../api/photo-projections';
import { PhotoThumbnail } from '../../../components/photo-viewer/PhotoThumbnail';
import { projectPaths } from '../../../lib/project-paths';
import { type CameraView, type ViewerApi, formatMetres } from '../../../viewer';
import type { PhotoLayer } from './PhotoLayerControl';

type SightState = 'off' | 'picking' | 'searching' | 'found' | 'failed';

/**
 * The 3D view's "photos that see this point" and projection (issue 12, points 3 and 6): click a point on the model,
 * list the photos of the photo layer's inspection whose frustum holds it unblocked by the model (the server decides,
 * against the model's mesh), each with where the point falls on it; their frustums marked; up to 10 of them projected
 * onto the model.
 */
export function usePhotoSight(api: ViewerApi, layer: PhotoLayer): { tool: ReactNode; overlay: ReactNode } {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message } = AntdApp.useApp();
  const navigate = useNavigate();
  const [picked, setPicked] = useState<SightState>('off');
  // The point clicked, and where the camera was (a test aims its photos along that line of sight).
  const [point, setPoint] = useState<{ position: MarkerPosition; camera: CameraView } | null>(null);
  const [chosenIds, setProjectedIds] = useState<number[]>([]);
  const { inspectionId, drawnPhotos } = layer;
  // The search belongs to the inspection it was made in: choosing another in the photo layer ends it.
  const [searchedIn, setSearchedIn] = useState<number | null>(null);
  const state = searchedIn === inspectionId ? picked : 'off';
  const search = useMutation({
    mutationFn: (position: MarkerPosition) =>
      call(spatialMarkerCalls.photosSeeingPoint, { body: { inspectionId: inspectionId!, position } }),
  });
  const found = useMemo(() => (state === 'found' ? (search.data ?? []) : []), [state, search.data]);
  const projectedIds = useMemo(() => (state === 'found' ? chosenIds : []), [state, chosenIds]);
  const view = useInspectionPhotoView(projectedIds.length > 0 ? inspectionId : null);

  // The layer's frustums of the photos found, marked (again whenever the layer draws its photos anew).
  const foundIds = useMemo(() => found.map((photo) => photo.image.id), [found]);
  useEffect(() => {
    if (drawnPhotos) api.markPhotos(foundIds);
  }, [api, drawnPhotos, foundIds]);

  const projected: ProjectedPhoto[] = useMemo(() => {
    if (!view.data) return [];
    const photoView = view.data;
    return found
      .filter(({ image }) => projectedIds.includes(image.id))
      .map(({ image }) => ({ image, view: photoView }));
  }, [found, projectedIds, view.data]);
  const projection = usePhotoProjections(api, projected);
  useEffect(() => {
    for (const id of projection.failed) {
      const name = found.find(({ image }) => image.id === id)?.image.name ?? String(id);
      void message.warning(t('photoSight.noCollision', { name }));
    }
  }, [projection.failed, found, message, t]);

  useEffect(() => () => api.cancelPositionPick(), [api]);

  const pick = async () => {
    if (state === 'picking') {
      api.cancelPositionPick();
      return;
    }
    if (inspectionId === null) return;
    setSearchedIn(inspectionId);
    setPicked('picking');
    const position = await api.pickPosition();
    if (!position) {
      setPicked((current) => (current === 'picking' ? 'off' : current));
      return;
    }
    setPoint({ position, camera: api.getCameraView() });
    setProjectedIds([]);
    setPicked('searching');
    search.mutate(position, {
      onSuccess: () => setPicked('found'),
      onError: () => setPicked('failed'),
    });
  };

  const close = () => {
    api.cancelPositionPick();
    setPicked('off');
    setProjectedIds([]);
    api.markPhotos([]);
  };

  const toggleProjection = (imageId: number) => {
    if (projectedIds.includes(imageId)) {
      setProjectedIds(projectedIds.filter((id) => id !== imageId));
      return;
    }
    if (!canProjectAnother(projectedIds.length)) {
      void message.error(t('photoSight.tooMany', { max: LIMITS.projectedImagesMax }));
      return;
    }
    setProjectedIds([...projectedIds, imageId]);
  };

  const label = inspectionId === null ? t('photoSight.noInspection') : t('photoSight.tool');
  const tool = (
    <Tooltip title={label} key="photo-sight">
      <Button
        type={state === 'picking' ? 'primary' : 'text'}
        icon={<EnvironmentOutlined />}
        aria-label={label}
        aria-pressed={state === 'picking'}
        disabled={inspectionId === null}
        onClick={() => void pick()}
        data-testid="viewer-photo-sight"
      />
    </Tooltip>
  );

  const status =
    state === 'picking'
      ? t('photoSight.hint')
      : state === 'searching'
        ? t('photoSight.searching')
        : state === 'failed'
          ? t('photoSight.failed')
          : found.length > 0
            ? t('photoSight.found', { count: found.length })
            : t('photoSight.none');

  const overlay =
    state === 'off' ? null : (
      <Flex
        vertical
        gap={8}
        style={{
          position: 'absolute',
          top: 60,
          right: 12,
          width: 380,
          maxHeight: 'calc(100% - 72px)',
          background: token.colorBgElevated,
          borderRadius: 8,
          padding: 12,
          boxShadow: token.boxShadowSecondary,
          overflow: 'auto',
        }}
        data-testid="photo-sight"
        data-state={state}
        data-point={point ? JSON.stringify(point.position) : ''}
        data-camera={point ? JSON.stringify(point.camera) : ''}
        data-projection={projection.state}
        data-projected={projectedIds.join()}
      >
        <Flex align="center" justify="space-between">
          <Typography.Text strong data-testid="photo-sight-status">
            {status}
          </Typography.Text>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('photoSight.close')}
            onClick={close}
          />
        </Flex>
        {projectedIds.length > 0 && (
          <Flex align="center" justify="space-between">
            <Typography.Text type="secondary">
              {t('photoSight.projected', { count: projectedIds.length, max: LIMITS.projectedImagesMax })}
            </Typography.Text>
            <Button size="small" onClick={() => setProjectedIds([])} data-testid="photo-sight-clear">
              {t('photoSight.clearProjections')}
            </Button>
          </Flex>
        )}
        {found.length > 0 && (
          <List
            size="small"
            dataSource={found}
            renderItem={({ image, u, v, distanceM }) => {
              const isProjected = projectedIds.includes(image.id);
              return (
                <List.Item
                  data-testid="photo-sight-item"
                  data-image-id={image.id}
                  data-u={u.toFixed(1)}
                  data-v={v.toFixed(1)}
                  actions={[
                    <Tooltip key="project" title={isProjected ? t('photoSight.unproject') : t('photoSight.project')}>
                      <Button
                        size="small"
                        type={isProjected ? 'primary' : 'default'}
                        icon={<ExpandOutlined />}
                        aria-pressed={isProjected}
                        aria-label={isProjected ? t('photoSight.unproject') : t('photoSight.project')}
                        onClick={() => toggleProjection(image.id)}
                        data-testid={`photo-sight-project-${image.id}`}
                      />
                    </Tooltip>,
                    <Tooltip key="open" title={t('photoSight.open')}>
                      <Button
                        size="small"
                        icon={<PictureOutlined />}
                        aria-label={t('photoSight.open')}
                        onClick={() => void navigate(projectPaths.inspectionPhoto(image.inspectionId, image.id))}
                      />
                    </Tooltip>,
                  ]}
                >
                  <Flex gap={8} align="center" style={{ minWidth: 0 }}>
                    <PhotoThumbnail image={image} width={72}>
                      {image.width && image.height && (
                        <span
                          data-testid="photo-sight-mark"
                          style={{
                            position: 'absolute',
                            left: `${(100 * u) / image.width}%`,
                            top: `${(100 * v) / image.height}%`,
                            width: 10,
                            height: 10,
                            margin: -5,
                            borderRadius: '50%',
                            border: '2px solid #fff',
                            background: '#fa541c',
                          }}
                        />
                      )}
                    </PhotoThumbnail>
                    <Flex vertical style={{ minWidth: 0 }}>
                      <Typography.Text ellipsis>{image.name}</Typography.Text>
                      <Typography.Text type="secondary">
                        {t('photoSight.distance', { distance: formatMetres(distanceM) })}
                      </Typography.Text>
                    </Flex>
                  </Flex>
                </List.Item>
              );
            }}
          />
        )}
      </Flex>
    );
  return { tool, overlay };
}

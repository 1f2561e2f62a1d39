import { useEffect, useRef, useState } from 'react';
import { App as AntdApp, Button, Flex, Tooltip, theme } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ModelClip } from '@sightline/shared';
import { loadProjectTileset } from '../../../api/project-tileset';
import { FeatureSlot } from '../../../session/feature-slots';
import { SceneLoadState, ViewerToolbar, type CameraView, type ClipPlane, type ViewerApi } from '../../../viewer';
import { toSavedView } from '../camera-view';
import { useModelChanged, useRestoreModel, useSaveClip, useSaveDefaultView } from '../api';
import { usePhotoLayer } from './PhotoLayerControl';
import { usePhotoSight } from './PhotoSightControl';

/** Clipping changes are saved once the slider rests this long. */
const CLIP_SAVE_DELAY_MS = 800;

export type SceneState = 'loading' | 'idle' | 'rendering' | 'failed';

/**
 * Waits until everything in view is loaded and drawn, however long software rendering takes, as long as
 * `wanted()` holds (a newer change or leaving the page ends the wait); true once idle.
 */
async function waitForIdle(api: ViewerApi, wanted: () => boolean): Promise<boolean> {
  while (wanted()) {
    if (await api.whenIdle(30_000)) return wanted();
  }
  return false;
}

/**
 * What is drawn in the project's 3D view and the tools over it: the tileset loaded with a signed link,
 * the camera at the default view, measuring and clipping (saved with the model), saving the default view,
 * restoring the position recorded at upload, and showing or hiding the model.
 */
export function ProjectScene({
  api,
  projectId,
  tilesetUrl,
  defaultView,
  canEdit,
}: {
  api: ViewerApi;
  projectId: number;
  tilesetUrl: string;
  defaultView: CameraView | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { message, modal } = AntdApp.useApp();
  // The state belongs to one tileset URL: another URL reads 'loading' until its own load settles.
  const [scene, setScene] = useState<{ url: string; state: SceneState } | null>(null);
  const state: SceneState = scene?.url === tilesetUrl ? scene.state : 'loading';
  const [visible, setVisible] = useState(true);
  const saveView = useSaveDefaultView(projectId);
  const saveClip = useSaveClip(projectId);
  const restore = useRestoreModel(projectId);
  const changed = useModelChanged(projectId, canEdit);
  const clipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const photoLayer = usePhotoLayer(api, projectId);
  const photoSight = usePhotoSight(api, photoLayer);
  const settleRun = useRef(0);
  const mounted = useRef(true);
  const latestView = useRef(defaultView);
  useEffect(() => {
    latestView.current = defaultView;
  });

  /** Marks the scene as drawn once everything in view is loaded (the state tests and screenshots wait for). */
  const settle = (work?: () => void) => {
    const run = ++settleRun.current;
    setScene({ url: tilesetUrl, state: 'rendering' });
    work?.();
    void waitForIdle(api, () => mounted.current && run === settleRun.current).then((idle) => {
      if (idle) setScene({ url: tilesetUrl, state: 'idle' });
    });
  };

  useEffect(() => {
    let current = true;
    loadProjectTileset(api, tilesetUrl)
      .then(async () => {
        if (!current) return;
        const view = latestView.current;
        await (view ? api.setCameraView(view) : api.flyToTileset({ duration: 0 }));
        if (!current) return;
        const run = ++settleRun.current;
        setScene({ url: tilesetUrl, state: 'rendering' });
        if (await waitForIdle(api, () => current && run === settleRun.current)) {
          setScene({ url: tilesetUrl, state: 'idle' });
        }
      })
      .catch(() => {
        if (current) setScene({ url: tilesetUrl, state: 'failed' });
      });
    return () => {
      current = false;
    };
  }, [api, tilesetUrl]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (clipTimer.current) clearTimeout(clipTimer.current);
    };
  }, []);

  const handleClip = (plane: ClipPlane | null) => {
    if (!canEdit) return;
    if (clipTimer.current) clearTimeout(clipTimer.current);
    clipTimer.current = setTimeout(() => {
      const clip: ModelClip | null = plane ? { normal: plane.normal, center: plane.center } : null;
      saveClip.mutate(clip, { onSuccess: () => void message.success(t('projectUi.view.clipSaved')) });
    }, CLIP_SAVE_DELAY_MS);
  };

  const handleSaveView = async (view: CameraView) => {
    await saveView.mutateAsync(toSavedView(view));
    void message.success(t('viewer.viewSaved'));
  };

  const toggleModel = () => {
    const next = !visible;
    setVisible(next);
    settle(() => api.setTilesetVisible(next));
  };

  const confirmRestore = () =>
    modal.confirm({
      title: t('projectUi.view.restoreTitle'),
      content: t('projectUi.view.restoreContent'),
      okText: t('projectUi.view.restore'),
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        const model = await restore.mutateAsync();
        const position = model.position;
        settle(() => {
          void (position
            ? api.setCameraView(
                {
                  lon: position.position.lon,
                  lat: position.position.lat,
                  height: position.position.height,
                  heading: position.heading,
                  pitch: position.pitch,
                  roll: position.roll,
                },
                { duration: 1 },
              )
            : api.flyToTileset());
        });
        void message.success(t('projectUi.view.restored'));
      },
    });

  return (
    <>
      <div
        data-testid="project-scene"
        data-render-state={state}
        data-model-visible={visible}
        style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
      />
      {state !== 'failed' && (
        <ViewerToolbar
          api={api}
          defaultView={defaultView}
          onSaveView={canEdit ? handleSaveView : undefined}
          onClipChange={handleClip}
          extraTools={
            <>
              {photoLayer.tool}
              {photoSight.tool}
              <FeatureSlot name="sceneLayer" props={{ api, projectId, inspectionId: photoLayer.inspectionId }} />
              <FeatureSlot name="sceneKeyDefects" props={{ api, projectId, inspectionId: photoLayer.inspectionId }} />
            </>
          }
        />
      )}
      {photoLayer.overlay}
      {photoSight.overlay}
      <Flex
        gap={4}
        style={{
          position: 'absolute',
          top: 12,
          right: 12,
          background: token.colorBgElevated,
          borderRadius: 8,
          padding: 4,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Tooltip title={visible ? t('projectUi.view.hideModel') : t('projectUi.view.showModel')}>
          <Button
            type={visible ? 'text' : 'primary'}
            icon={visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            onClick={toggleModel}
            disabled={state === 'loading' || state === 'failed'}
            aria-label={visible ? t('projectUi.view.hideModel') : t('projectUi.view.showModel')}
            aria-pressed={!visible}
            data-testid="viewer-toggle-model"
          />
        </Tooltip>
        {canEdit && changed.data?.changed && (
          <Tooltip title={t('projectUi.view.restoreHint')}>
            <Button
              type="text"
              icon={<RollbackOutlined />}
              onClick={confirmRestore}
              loading={restore.isPending}
              data-testid="viewer-restore"
            >
              {t('projectUi.view.restore')}
            </Button>
          </Tooltip>
        )}
      </Flex>
      <SceneLoadState state={state} failedRight={80} />
    </>
  );
}

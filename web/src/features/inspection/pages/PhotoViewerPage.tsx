import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Result, Space, Spin, Typography, theme } from 'antd';
import {
  ArrowLeftOutlined,
  CompressOutlined,
  DiffOutlined,
  EditOutlined,
  ExpandOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LeftOutlined,
  LoadingOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { InspectionImagePyramid } from '@sightline/shared';
import { PhotoMetadataPanel } from '../components/PhotoMetadataPanel';
import { usePhotoDetail, usePhotoSequence } from '../../../api/photo-files';
import { photoComparePath } from '../../../lib/photo-compare-paths';
import { PhotoViewer, type PhotoViewerHandle, uprightSize } from '../../../components/photo-viewer/PhotoViewer';
import { PhotoMissing } from '../../../components/photo-viewer/PhotoMissing';
import { ToolButton } from '../../../components/photo-viewer/ToolButton';
import { usePhotoPoseSource } from '../photo-viewer-api';
import { inspectionPaths } from '../inspection-paths';

/** Keys that belong to a field being typed in, not to the viewer. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/**
 * One photo of an inspection at full resolution (SPEC section 2, the photo viewer): zoom and pan, fit, full screen,
 * the previous and next photo of the inspection (also with the arrow keys; + and - zoom), the metadata beside it.
 */
export function PhotoViewerPage({
  inspectionId,
  imageId,
  onOpen,
  onBack,
}: {
  inspectionId: number;
  imageId: number;
  onOpen: (imageId: number) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const detail = usePhotoDetail(imageId);
  const sequence = usePhotoSequence(inspectionId);
  const image = detail.data;
  const poseSource = usePhotoPoseSource(inspectionId, imageId, Boolean(image?.pose));
  const viewer = useRef<PhotoViewerHandle>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [fullScreen, setFullScreen] = useState(false);
  const [pyramid, setPyramid] = useState<{ value: InspectionImagePyramid | undefined; retry: () => void }>();

  const ids = sequence.data ?? [];
  const index = ids.indexOf(imageId);
  const previous = index > 0 ? ids[index - 1] : undefined;
  const next = index >= 0 && index < ids.length - 1 ? ids[index + 1] : undefined;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === 'ArrowLeft' && previous !== undefined) onOpen(previous);
      else if (event.key === 'ArrowRight' && next !== undefined) onOpen(next);
      else if (event.key === '+' || event.key === '=') viewer.current?.zoomIn();
      else if (event.key === '-' || event.key === '_') viewer.current?.zoomOut();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previous, next, onOpen]);

  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement === stage.current && stage.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggleFullScreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen();
  }, []);
  const zoomIn = useCallback(() => viewer.current?.zoomIn(), []);
  const zoomOut = useCallback(() => viewer.current?.zoomOut(), []);
  const fit = useCallback(() => viewer.current?.fit(), []);
  const onPyramid = useCallback(
    (value: InspectionImagePyramid | undefined, retry: () => void) => setPyramid({ value, retry }),
    [],
  );

  if (detail.isError) {
    return (
      <PhotoMissing
        error={detail.error}
        notFound={t('photoViewer.notFound')}
        back={t('photoViewer.back')}
        onBack={onBack}
        testId="photo-missing"
      />
    );
  }
  if (!image) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" tip={t('photoViewer.loading')}>
          <div style={{ width: 120 }} />
        </Spin>
      </Flex>
    );
  }

  const size = uprightSize(image.width ?? 1, image.height ?? 1, image.metadata);
  const state = pyramid?.value?.state;
  return (
    <Flex vertical gap={12} style={{ height: 'calc(100vh - 112px)', minHeight: 480 }} data-testid="photo-viewer-page">
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="photo-back">
            {t('photoViewer.back')}
          </Button>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis data-testid="photo-title">
            {image.name}
          </Typography.Title>
          {index >= 0 && (
            <Typography.Text type="secondary" data-testid="photo-position">
              {t('photoViewer.position', { index: index + 1, total: ids.length })}
            </Typography.Text>
          )}
        </Space>
        <Space wrap>
          <ToolButton
            data-testid="photo-previous"
            label={t('photoViewer.previous')}
            icon={<LeftOutlined />}
            onClick={() => previous !== undefined && onOpen(previous)}
            disabled={previous === undefined}
          />
          <ToolButton
            data-testid="photo-next"
            label={t('photoViewer.next')}
            icon={<RightOutlined />}
            onClick={() => next !== undefined && onOpen(next)}
            disabled={next === undefined}
          />
          <ToolButton
            data-testid="photo-zoom-in"
            label={t('photoViewer.zoomIn')}
            icon={<ZoomInOutlined />}
            onClick={zoomIn}
          />
          <ToolButton
            data-testid="photo-zoom-out"
            label={t('photoViewer.zoomOut')}
            icon={<ZoomOutOutlined />}
            onClick={zoomOut}
          />
          <ToolButton data-testid="photo-fit" label={t('photoViewer.fit')} icon={<CompressOutlined />} onClick={fit} />
          <ToolButton
            data-testid="photo-full-screen"
            label={fullScreen ? t('photoViewer.exitFullScreen') : t('photoViewer.fullScreen')}
            icon={fullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={toggleFullScreen}
          />
          <ToolButton
            data-testid="photo-compare"
            label={t('photoCompare.compare')}
            icon={<DiffOutlined />}
            onClick={() => void navigate(photoComparePath('2d', [imageId]))}
          />
          {image.state === 'processed' && (
            <Button
              icon={<EditOutlined />}
              onClick={() => void navigate(inspectionPaths.editor(inspectionId, imageId))}
              data-testid="photo-edit-defects"
            >
              {t('defectEditor.open')}
            </Button>
          )}
        </Space>
      </Flex>
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
        <div
          ref={stage}
          style={{
            flex: 1,
            minWidth: 0,
            position: 'relative',
            borderRadius: fullScreen ? 0 : token.borderRadiusLG,
            overflow: 'hidden',
            background: token.colorBgLayout,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          {image.state === 'processed' ? (
            <PhotoViewer
              key={imageId}
              ref={viewer}
              inspectionId={inspectionId}
              imageId={imageId}
              imageWidth={size.width}
              imageHeight={size.height}
              previewUrl={image.previewUrl}
              onPyramid={onPyramid}
            />
          ) : (
            <Result status="info" icon={<ExpandOutlined />} title={t('photoViewer.notProcessed')} />
          )}
          {image.state === 'processed' && state && state !== 'ready' && (
            <Alert
              style={{ position: 'absolute', left: 12, bottom: 12, maxWidth: 'calc(100% - 24px)' }}
              type={state === 'failed' ? 'warning' : 'info'}
              showIcon
              icon={state === 'making' ? <LoadingOutlined /> : undefined}
              data-testid="photo-pyramid-state"
              message={t(`photoViewer.pyramid.${state}`)}
              action={
                state === 'failed' ? (
                  <Button size="small" onClick={() => pyramid?.retry()}>
                    {t('photoViewer.pyramid.retry')}
                  </Button>
                ) : undefined
              }
            />
          )}
        </div>
        <Card size="small" title={t('photoViewer.meta.title')} style={{ width: 380, flexShrink: 0, overflow: 'auto' }}>
          <PhotoMetadataPanel image={image} poseRecord={poseSource.data} />
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('photoViewer.keyboardHint')}
          </Typography.Paragraph>
        </Card>
      </Flex>
    </Flex>
  );
}

import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Flex,
  Result,
  Segmented,
  Space,
  Spin,
  Switch,
  Tag,
  Typography,
  theme,
} from 'antd';
import {
  ArrowLeftOutlined,
  BorderOutlined,
  CompressOutlined,
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  GatewayOutlined,
  LeftOutlined,
  NodeIndexOutlined,
  RightOutlined,
  SelectOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import type OpenSeadragon from 'openseadragon';
import { useTranslation } from 'react-i18next';
import { translate } from '../../../i18n';
import type { CreateDefectBody, Defect, DefectType } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { useInspectionInfo } from '../../../api/inspections';
import { usePhotoDetail, usePhotoSequence } from '../../../api/photo-files';
import { useDefectFields, useMarkerTree } from '../../../api/project-parts';
import { PhotoViewer, type PhotoViewerHandle, uprightSize } from '../../../components/photo-viewer/PhotoViewer';
import { PhotoMissing } from '../../../components/photo-viewer/PhotoMissing';
import { ToolButton } from '../../../components/photo-viewer/ToolButton';
import { usePermission } from '../../../session/permissions';
import {
  useCreateDefect,
  useDeleteDefect,
  usePhotoDefects,
  useProjectDefectTypes,
  useSetScreening,
  useUpdateDefect,
} from '../api';
import {
  canFinish,
  clickDraft,
  emptyDraft,
  finishDraft,
  removeLastPoint,
  spanRectangle,
  type DoubleClickRule,
  type Draft,
  type DrawingTool,
} from '../draft';
import { boundsOf, clampToImage, hitDefect, moveVertex, vertexAt, type EditorShape, type Pixel } from '../geometry';
import { drawScene, type DrawnDefect, type LayerScene } from '../render';
import { actionOfKey, type EditorAction } from '../shortcuts';
import { forgetDefect, popStep, pushStep, type UndoStep } from '../undo-stack';
import { DefectForm } from './DefectForm';
import { DefectSideList } from './DefectSideList';
import { ShortcutHelp } from './ShortcutHelp';

export type EditorMode = 'view' | 'screening';
type Tool = 'select' | DrawingTool;

/** How near (CSS pixels) a click must come to a line or a vertex to meet it. */
const REACH_PX = 7;
/** A press released within this distance (CSS pixels) is a click; farther, it was a pan. */
const CLICK_SLOP_PX = 5;

/** Keys that belong to a field being typed in, not to the editor (a focused mode switch or checkbox is no field). */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    /^(TEXTAREA|SELECT)$/.test(target.tagName) ||
    (target instanceof HTMLInputElement && !['radio', 'checkbox', 'button'].includes(target.type)));

const isDrawingTool = (tool: Tool): tool is DrawingTool => tool !== 'select';

interface Props {
  inspectionId: number;
  imageId: number;
  onOpen: (imageId: number) => void;
  onBack: () => void;
}

/**
 * The image editor (SPEC section 2): one photo of an inspection at full resolution with its defects, drawn in
 * screening mode as polylines (cracks), polygons and rectangles (areas), their vertices moved, deleted and undone;
 * in view mode nothing changes. The mode is kept from photo to photo (SPEC section 4: leaving a photo in screening
 * mode marks it screened unless it is doubtful).
 */
export default function DefectEditorPage(props: Props) {
  const { t } = useTranslation();
  const info = useInspectionInfo(props.inspectionId);
  const [mode, setMode] = useState<EditorMode>('view');
  if (info.isError)
    return (
      <Result
        status="warning"
        title={t('defectEditor.notFound')}
        extra={<Button onClick={props.onBack}>{t('defectEditor.back')}</Button>}
      />
    );
  if (!info.data) return <Loading />;
  return <PhotoEditor key={props.imageId} {...props} projectId={info.data.projectId} mode={mode} setMode={setMode} />;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <Flex justify="center" style={{ padding: 48 }}>
      <Spin size="large" tip={t('defectEditor.loading')}>
        <div style={{ width: 120 }} />
      </Spin>
    </Flex>
  );
}

function PhotoEditor({
  inspectionId,
  imageId,
  projectId,
  mode,
  setMode,
  onOpen,
  onBack,
}: Props & { projectId: number; mode: EditorMode; setMode: (mode: EditorMode) => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { modal, message } = AntdApp.useApp();
  const canEdit = usePermission('defect:edit');
  const canScreen = usePermission('image:screen');
  const detail = usePhotoDetail(imageId);
  const sequence = usePhotoSequence(inspectionId);
  const defectsQuery = usePhotoDefects(imageId);
  const typesQuery = useProjectDefectTypes(projectId);
  const fields = useDefectFields(projectId);
  const markerTree = useMarkerTree(projectId);
  const create = useCreateDefect(imageId);
  const update = useUpdateDefect(imageId);
  const remove = useDeleteDefect(imageId);
  const screening = useSetScreening();

  const [tool, setTool] = useState<Tool>('select');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [pending, setPending] = useState<EditorShape | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [undoStack, setUndoStack] = useState<UndoStep[]>([]);
  const [helpOpen, setHelpOpen] = useState(false);

  const viewer = useRef<PhotoViewerHandle>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  /** What moves with the pointer, drawn without a React render: the rubber band, a dragged vertex or rectangle. */
  const cursor = useRef<Pixel | null>(null);
  const dragged = useRef<{ defectId: number; index: number; shape: EditorShape } | null>(null);
  const rectangleFrom = useRef<Pixel | null>(null);
  const pressedAt = useRef<{ x: number; y: number } | null>(null);

  const editing = mode === 'screening' && canEdit;
  const image = detail.data;
  const defects = useMemo(() => defectsQuery.data ?? [], [defectsQuery.data]);
  const types = useMemo(
    () => new Map<number, DefectType>((typesQuery.data ?? []).map((type) => [type.id, type])),
    [typesQuery.data],
  );
  const drawn = useMemo<DrawnDefect[]>(
    () =>
      defects.map((defect) => ({
        id: defect.id,
        code: defect.code,
        shape: defect.shape,
        color: types.get(defect.typeId)?.color ?? token.colorTextTertiary,
      })),
    [defects, types, token.colorTextTertiary],
  );
  const selected = defects.find((defect) => defect.id === selectedId) ?? null;
  const ids = sequence.data ?? [];
  const index = ids.indexOf(imageId);
  const previous = index > 0 ? ids[index - 1] : undefined;
  const next = index >= 0 && index < ids.length - 1 ? ids[index + 1] : undefined;

  // ------------------------------------------------------------------ the canvas layer

  const scene = useRef<LayerScene>({ defects: [], selectedId: null, draft: null, draftColor: token.colorPrimary });
  const redraw = useCallback(() => {
    const element = canvas.current;
    const view = viewer.current?.view();
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const width = element.clientWidth;
    const height = element.clientHeight;
    if (element.width !== Math.round(width * ratio) || element.height !== Math.round(height * ratio)) {
      element.width = Math.round(width * ratio);
      element.height = Math.round(height * ratio);
    }
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (!view) {
      context.clearRect(0, 0, width, height);
      return;
    }
    const origin = view.imageToScreen({ x: 0, y: 0 });
    const topLeft = view.screenToImage({ x: 0, y: 0 });
    const bottomRight = view.screenToImage({ x: width, y: height });
    const live = dragged.current;
    const current = scene.current;
    const count = drawScene(
      context,
      { width, height },
      {
        scale: view.scale,
        originX: origin.x,
        originY: origin.y,
        visible: boundsOf([
          [topLeft.x, topLeft.y],
          [bottomRight.x, bottomRight.y],
        ]),
      },
      {
        ...current,
        defects: live
          ? current.defects.map((defect) => (defect.id === live.defectId ? { ...defect, shape: live.shape } : defect))
          : current.defects,
        // A rectangle being dragged has no rubber band.
        draft: current.draft && { ...current.draft, cursor: rectangleFrom.current ? null : cursor.current },
      },
    );
    // Where the photo is on screen and how many defects were drawn, for the browser tests and the bench.
    element.dataset.scale = String(view.scale);
    element.dataset.originX = String(origin.x);
    element.dataset.originY = String(origin.y);
    element.dataset.drawn = String(count);
  }, []);

  useLayoutEffect(() => {
    scene.current = {
      defects: drawn,
      selectedId,
      draft: draft && { points: draft.points, closed: draft.tool !== 'polyline', cursor: null },
      draftColor: token.colorPrimary,
    };
    redraw();
  }, [drawn, selectedId, draft, token.colorPrimary, redraw]);

  // ------------------------------------------------------------------ pointer: what the viewer's events do

  const toImage = (point: { x: number; y: number }): Pixel | null => {
    const view = viewer.current?.view();
    if (!view) return null;
    const at = view.screenToImage(point);
    return clampToImage([at.x, at.y], view.imageWidth, view.imageHeight);
  };
  const reach = () => REACH_PX / (viewer.current?.view()?.scale ?? 1);

  /** The draft's form opened, or, when the draft is too short for its shape, a hint of what it still needs. */
  const finish = (from: Draft) => {
    const finished = finishDraft(from);
    if ('refused' in finished) {
      setDraft(from);
      void message.warning(t(`defectEditor.refused.${finished.refused}`));
      return;
    }
    setDraft(null);
    cursor.current = null;
    setFormError(null);
    setPending(finished.shape);
  };

  const reshape = (defect: Defect, shape: EditorShape) => {
    const before = defect.shape;
    update.mutate(
      {
        id: defect.id,
        shape: { kind: shape.kind, points: shape.points.map(([u, v]) => [u, v]), widthPx: shape.widthPx ?? null },
      },
      {
        onSuccess: () => {
          setUndoStack((stack) => pushStep(stack, { kind: 'reshaped', defectId: defect.id, before }));
          void message.success(t('defectEditor.reshaped'));
        },
        onError: (error) => {
          if (isApiError(error) && error.key === 'IMAGE_PX_LENGTH_CALCULATION_ERROR')
            void message.error(translate(`errors.${error.key}`));
        },
        onSettled: () => {
          dragged.current = null;
          redraw();
        },
      },
    );
  };

  // The viewer's handlers are attached once; each event reads this render's state through the ref.
  const pointer = useRef({
    press: (_: { x: number; y: number }): boolean => false,
    drag: (_: { x: number; y: number }): boolean => false,
    release: (_: { x: number; y: number }) => undefined as void,
    click: (_: { x: number; y: number }, _time: number, _rule: DoubleClickRule) => undefined as void,
    doubleClick: (): boolean => false,
    move: (_: { x: number; y: number }) => undefined as void,
  });
  useLayoutEffect(() => {
    pointer.current = {
      // A press that starts a rectangle or takes a vertex of the selected defect; answers whether it did (no pan then).
      press: (screen) => {
        pressedAt.current = screen;
        if (!editing || pending) return false;
        const at = toImage(screen);
        if (!at) return false;
        if (tool === 'rectangle') {
          rectangleFrom.current = at;
          return true;
        }
        if (tool === 'select' && selected) {
          const vertex = vertexAt(selected.shape.points, at, reach());
          if (vertex !== null) {
            dragged.current = { defectId: selected.id, index: vertex, shape: selected.shape };
            return true;
          }
        }
        return false;
      },
      drag: (screen) => {
        const at = toImage(screen);
        if (!at) return false;
        if (rectangleFrom.current) {
          setDraft(spanRectangle(rectangleFrom.current, at));
          return true;
        }
        const live = dragged.current;
        if (live) {
          dragged.current = { ...live, shape: moveVertex(live.shape, live.index, at) };
          redraw();
          return true;
        }
        return false;
      },
      release: (screen) => {
        const at = toImage(screen);
        if (rectangleFrom.current) {
          const from = rectangleFrom.current;
          rectangleFrom.current = null;
          const spanned = at ? spanRectangle(from, at) : null;
          if (spanned && canFinish(spanned)) finish(spanned);
          else setDraft(null);
          return;
        }
        const live = dragged.current;
        if (live) {
          const defect = defects.find((candidate) => candidate.id === live.defectId);
          const moved = live.shape.points.some((point, index) => {
            const old = defect?.shape.points[index];
            return !old || old[0] !== point[0] || old[1] !== point[1];
          });
          if (defect && moved) reshape(defect, live.shape);
          else {
            dragged.current = null;
            redraw();
          }
        }
      },
      click: (screen, time, rule) => {
        const pressed = pressedAt.current;
        // A press released far from where it started was a pan of the photo, not a click.
        if (pressed && Math.hypot(screen.x - pressed.x, screen.y - pressed.y) > CLICK_SLOP_PX) return;
        if (pending) return;
        const at = toImage(screen);
        if (!at) return;
        if (editing && (tool === 'polyline' || tool === 'polygon')) {
          // This render's draft holds the click before: each click's update is rendered before the next press.
          const clicked = clickDraft(draft ?? emptyDraft(tool), { at, ...screen, time }, rule, reach() / 2);
          if (clicked.finish) finish(clicked.draft);
          else setDraft(clicked.draft);
          return;
        }
        if (tool === 'select') setSelectedId(hitDefect(drawn, at, reach())?.id ?? null);
      },
      // With a drawing tool the viewer's double-click never zooms; it ends nothing either, as the clicks pair
      // themselves (clickDraft): the viewer's pairing misses a click then a double-click elsewhere.
      doubleClick: () => editing && isDrawingTool(tool),
      move: (screen) => {
        if (!draft) return;
        cursor.current = toImage(screen);
        redraw();
      },
    };
  });

  const onViewer = useCallback(
    (osd: OpenSeadragon.Viewer) => {
      const position = (event: { position: OpenSeadragon.Point }) => ({ x: event.position.x, y: event.position.y });
      const onPress = (event: OpenSeadragon.CanvasPressEvent) => void pointer.current.press(position(event));
      const onDrag = (event: OpenSeadragon.CanvasDragEvent) => {
        if (pointer.current.drag(position(event))) event.preventDefaultAction = true;
      };
      const onDragEnd = (event: Omit<OpenSeadragon.CanvasDragEvent, 'delta'>) => {
        // No flick of the photo after drawing a rectangle or moving a vertex.
        if (pointer.current.drag(position(event))) event.preventDefaultAction = true;
      };
      const onRelease = (event: OpenSeadragon.CanvasReleaseEvent) => pointer.current.release(position(event));
      const onClick = (event: OpenSeadragon.CanvasClickEvent) => {
        event.preventDefaultAction = true;
        pointer.current.click(position(event), event.originalEvent.timeStamp, {
          ms: event.tracker.dblClickTimeThreshold,
          px: event.tracker.dblClickDistThreshold,
        });
      };
      const onDoubleClick = (event: OpenSeadragon.CanvasDoubleClickEvent) => {
        if (pointer.current.doubleClick()) event.preventDefaultAction = true;
      };
      const onMove = (event: PointerEvent) => {
        const box = osd.element.getBoundingClientRect();
        pointer.current.move({ x: event.clientX - box.left, y: event.clientY - box.top });
      };
      const handlers = [
        ['update-viewport', redraw],
        ['resize', redraw],
        ['canvas-press', onPress],
        ['canvas-drag', onDrag],
        ['canvas-drag-end', onDragEnd],
        ['canvas-release', onRelease],
        ['canvas-click', onClick],
        ['canvas-double-click', onDoubleClick],
      ] as const;
      for (const [name, handler] of handlers) osd.addHandler(name, handler as never);
      osd.element.addEventListener('pointermove', onMove);
      return () => {
        for (const [name, handler] of handlers) osd.removeHandler(name, handler as never);
        osd.element.removeEventListener('pointermove', onMove);
      };
    },
    [redraw],
  );

  // ------------------------------------------------------------------ actions (buttons and keys)

  const status = image?.screeningStatus ?? 0;
  /** SPEC section 4: leaving a photo in screening mode marks it screened, unless it is doubtful. */
  const leave = async (go: () => void) => {
    if (mode === 'screening' && canScreen && status === 0)
      await screening.mutateAsync({ imageId, screeningStatus: 1 }).catch(() => undefined);
    go();
  };

  const chooseTool = (next: Tool) => {
    if (isDrawingTool(next) && !editing) {
      void message.warning(t(canEdit ? 'defectEditor.mode.needScreening' : 'defectEditor.mode.noRight'));
      return;
    }
    setTool(next);
    setDraft(null);
    cursor.current = null;
    if (isDrawingTool(next)) setSelectedId(null);
  };

  const changeMode = (next: EditorMode) => {
    setMode(next);
    if (next === 'view') {
      setTool('select');
      setDraft(null);
    }
  };

  const deleteSelected = () => {
    if (!editing || !selected) return;
    modal.confirm({
      title: t('defectEditor.deleteConfirm.title', { code: selected.code }),
      content: t('defectEditor.deleteConfirm.content'),
      okText: t('defectEditor.deleteConfirm.ok'),
      okButtonProps: { danger: true, 'data-testid': 'defect-delete-confirm' } as never,
      cancelText: t('defectEditor.form.cancel'),
      onOk: () =>
        remove.mutateAsync(selected.id).then(
          () => {
            setUndoStack((stack) => forgetDefect(stack, selected.id));
            setSelectedId(null);
            void message.success(t('defectEditor.deleted'));
          },
          () => undefined,
        ),
    });
  };

  const undo = () => {
    if (!editing) return;
    if (draft && draft.points.length > 0) {
      setDraft(removeLastPoint(draft));
      return;
    }
    const [step, rest] = popStep(undoStack);
    if (!step) return;
    setUndoStack(rest);
    const done = () => void message.success(t('defectEditor.undone'));
    if (step.kind === 'created')
      remove.mutate(step.defectId, {
        onSuccess: () => {
          if (selectedId === step.defectId) setSelectedId(null);
          done();
        },
      });
    else
      update.mutate(
        {
          id: step.defectId,
          shape: {
            kind: step.before.kind,
            points: step.before.points.map(([u, v]) => [u, v]),
            widthPx: step.before.widthPx ?? null,
          },
        },
        { onSuccess: done },
      );
  };

  const save = (values: Omit<CreateDefectBody, 'imageId'>) => {
    setFormError(null);
    create.mutate(
      { ...values, imageId },
      {
        onSuccess: (created) => {
          setPending(null);
          setUndoStack((stack) => pushStep(stack, { kind: 'created', defectId: created.id }));
          setSelectedId(created.id);
          void message.success(t('defectEditor.saved'));
        },
        onError: (error) =>
          setFormError(isApiError(error) ? translate(`errors.${error.key}`, error.params) : t('errors.serviceError')),
      },
    );
  };

  const act = (action: EditorAction) => {
    switch (action) {
      case 'select':
      case 'polyline':
      case 'polygon':
      case 'rectangle':
        return chooseTool(action);
      case 'finish':
        if (isDrawingTool(tool)) finish(draft ?? emptyDraft(tool));
        return;
      case 'cancel':
        if (draft) {
          setDraft(null);
          cursor.current = null;
        } else setSelectedId(null);
        return;
      case 'delete':
        return deleteSelected();
      case 'undo':
        return undo();
      case 'previous':
        if (previous !== undefined) void leave(() => onOpen(previous));
        return;
      case 'next':
        if (next !== undefined) void leave(() => onOpen(next));
        return;
      case 'zoomIn':
        return viewer.current?.zoomIn();
      case 'zoomOut':
        return viewer.current?.zoomOut();
      case 'help':
        return setHelpOpen((open) => !open);
    }
  };
  const actRef = useRef(act);
  useLayoutEffect(() => {
    actRef.current = act;
  });
  const formOpen = pending !== null;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || formOpen || isTyping(event.target)) return;
      // A dialog (the delete confirmation) owns its keys.
      if (event.target instanceof Element && event.target.closest('.ant-modal')) return;
      const action = actionOfKey(event);
      if (!action) return;
      event.preventDefault();
      actRef.current(action);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [formOpen]);

  // ------------------------------------------------------------------ the page

  if (detail.isError) {
    return (
      <PhotoMissing
        error={detail.error}
        notFound={t('defectEditor.notFound')}
        back={t('defectEditor.back')}
        onBack={onBack}
        testId="defect-editor-missing"
      />
    );
  }
  if (!image) return <Loading />;

  const size = uprightSize(image.width ?? 1, image.height ?? 1, image.metadata);
  const toolButton = (name: Tool, icon: React.ReactNode, key: string) => (
    <ToolButton
      label={t(`defectEditor.tool.${name}`)}
      shortcut={key}
      icon={icon}
      type={tool === name ? 'primary' : 'default'}
      aria-pressed={tool === name}
      disabled={isDrawingTool(name) && !editing}
      onClick={() => chooseTool(name)}
      data-testid={`defect-tool-${name}`}
    />
  );
  const hint = !editing ? 'view' : tool;
  return (
    <Flex
      vertical
      gap={12}
      style={{ height: 'calc(100vh - 112px)', minHeight: 480 }}
      data-testid="defect-editor"
      data-mode={mode}
    >
      <Flex align="center" justify="space-between" gap={12} wrap>
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => void leave(onBack)} data-testid="defect-editor-back">
            {t('defectEditor.back')}
          </Button>
          <Typography.Title level={5} style={{ margin: 0 }} ellipsis data-testid="defect-editor-title">
            {image.name}
          </Typography.Title>
          {index >= 0 && (
            <Typography.Text type="secondary">
              {t('defectEditor.position', { index: index + 1, total: ids.length })}
            </Typography.Text>
          )}
          <Tag
            color={status === 1 ? 'success' : status === 2 ? 'warning' : 'default'}
            data-testid="defect-screening-status"
            data-status={status}
          >
            {t(`defectEditor.screening.status${status}` as 'defectEditor.screening.status0')}
          </Tag>
        </Space>
        <Space wrap>
          {canEdit && (
            <Segmented<EditorMode>
              value={mode}
              onChange={changeMode}
              data-testid="defect-mode"
              options={[
                { value: 'view', label: t('defectEditor.mode.view'), icon: <EyeOutlined /> },
                { value: 'screening', label: t('defectEditor.mode.screening'), icon: <EditOutlined /> },
              ]}
            />
          )}
          {mode === 'screening' && canScreen && (
            <Space size={4}>
              <Switch
                size="small"
                checked={status === 2}
                loading={screening.isPending}
                onChange={(doubtful) => screening.mutate({ imageId, screeningStatus: doubtful ? 2 : 0 })}
                data-testid="defect-doubtful"
              />
              <Typography.Text>{t('defectEditor.screening.doubtful')}</Typography.Text>
            </Space>
          )}
          <Space.Compact>
            {toolButton('select', <SelectOutlined />, 'V')}
            {toolButton('polyline', <NodeIndexOutlined />, 'L')}
            {toolButton('polygon', <GatewayOutlined />, 'P')}
            {toolButton('rectangle', <BorderOutlined />, 'R')}
          </Space.Compact>
          <ToolButton
            label={t('defectEditor.tool.undo')}
            shortcut="Ctrl + Z"
            icon={<UndoOutlined />}
            disabled={!editing || (undoStack.length === 0 && !draft?.points.length)}
            onClick={undo}
            data-testid="defect-undo"
          />
          <ToolButton
            label={t('defectEditor.tool.delete')}
            shortcut="Delete"
            icon={<DeleteOutlined />}
            danger
            disabled={!editing || !selected}
            onClick={deleteSelected}
            data-testid="defect-delete"
          />
          <Space.Compact>
            <ToolButton
              label={t('defectEditor.previous')}
              icon={<LeftOutlined />}
              disabled={previous === undefined}
              onClick={() => act('previous')}
              data-testid="defect-editor-previous"
            />
            <ToolButton
              label={t('defectEditor.next')}
              icon={<RightOutlined />}
              disabled={next === undefined}
              onClick={() => act('next')}
              data-testid="defect-editor-next"
            />
          </Space.Compact>
          <Space.Compact>
            <Button icon={<ZoomInOutlined />} aria-label={t('defectEditor.zoomIn')} onClick={() => act('zoomIn')} />
            <Button icon={<ZoomOutOutlined />} aria-label={t('defectEditor.zoomOut')} onClick={() => act('zoomOut')} />
            <Button
              icon={<CompressOutlined />}
              aria-label={t('defectEditor.fit')}
              onClick={() => viewer.current?.fit()}
            />
          </Space.Compact>
          <ShortcutHelp open={helpOpen} onOpenChange={setHelpOpen} />
        </Space>
      </Flex>
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
        <div
          style={{
            flex: 1,
            minWidth: 0,
            position: 'relative',
            borderRadius: token.borderRadiusLG,
            overflow: 'hidden',
            background: token.colorBgLayout,
            border: `1px solid ${token.colorBorderSecondary}`,
            cursor: editing && isDrawingTool(tool) ? 'crosshair' : undefined,
          }}
          data-testid="defect-stage"
        >
          {image.state === 'processed' ? (
            <PhotoViewer
              ref={viewer}
              inspectionId={inspectionId}
              imageId={imageId}
              imageWidth={size.width}
              imageHeight={size.height}
              previewUrl={image.previewUrl}
              onViewer={onViewer}
            />
          ) : (
            <Result status="info" title={t('defectEditor.notProcessed')} />
          )}
          <canvas
            ref={canvas}
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
            data-testid="defect-layer"
            data-draft-points={draft?.points.length ?? 0}
          />
          <Tag
            style={{ position: 'absolute', left: 12, bottom: 12, maxWidth: 'calc(100% - 24px)' }}
            data-testid="defect-hint"
          >
            {t(`defectEditor.hint.${hint}`)}
          </Tag>
        </div>
        <Card
          size="small"
          title={t('defectEditor.list.title')}
          style={{ width: 340, flexShrink: 0, overflow: 'auto' }}
          extra={<Typography.Text type="secondary">{defects.length}</Typography.Text>}
        >
          <DefectSideList
            defects={defects}
            types={types}
            selectedId={selectedId}
            loading={defectsQuery.isLoading}
            onSelect={(id) => {
              // Picked from the list, the defect is to be looked at or edited: the select tool takes over.
              setTool('select');
              setDraft(null);
              setSelectedId(id);
              const defect = defects.find((candidate) => candidate.id === id);
              const view = viewer.current?.view();
              if (!defect || !view) return;
              const box = boundsOf(defect.shape.points);
              const visible = view.screenToImage({ x: 0, y: 0 });
              const corner = view.screenToImage({
                x: canvas.current?.clientWidth ?? 0,
                y: canvas.current?.clientHeight ?? 0,
              });
              // Centred on it, when it is not in view already.
              if (box.maxX < visible.x || box.minX > corner.x || box.maxY < visible.y || box.minY > corner.y)
                viewer.current?.panTo({ x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 });
            }}
          />
        </Card>
      </Flex>
      <DefectForm
        shape={pending}
        types={typesQuery.data ?? []}
        fields={fields.data ?? []}
        markers={(markerTree.data ?? []).filter((node) => node.kind === 'marker')}
        saving={create.isPending}
        error={formError}
        onSave={save}
        onCancel={() => {
          setPending(null);
          setFormError(null);
        }}
      />
    </Flex>
  );
}

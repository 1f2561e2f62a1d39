import { useEffect, useMemo, useRef, useState } from 'react';
import {
  App,
  Button,
  type ButtonProps,
  Drawer,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import { FlagOutlined, HistoryOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ecef, ecefToWgs84 } from '@sightline/geo';
import {
  DEFECT_DESCRIPTION_MAX,
  KEY_DEFECT_SCREEN_RANGE_MIN_PX,
  LIMITS,
  type KeyDefect,
  type KeyDefectPosition,
  type KeyDefectShape,
} from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { useFileUrl } from '../../../api/file-links';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { usePermission } from '../../../session/permissions';
import type { ViewerApi } from '../../../viewer';
import { useKeyDefects, useKeyDefectTypes, useRemoveKeyDefects, useSaveKeyDefect } from '../api';
import { KeyDefectHistory } from './KeyDefectHistory';

interface Draft {
  /** The key defect edited, or null for a new one. */
  id: number | null;
  graph: { kind: KeyDefectShape; positions: KeyDefectPosition[] } | null;
  screenshot: { png: Blob; url: string; range: { width: number; height: number } } | null;
  initial: { name: string; typeId?: number; level: number; description: string };
}

interface FormValues {
  name: string;
  typeId: number;
  level: number;
  description?: string;
}

function Screenshot({ url, name }: { url: string; name: string }) {
  const src = useFileUrl(url);
  return src ? (
    <Image src={src} alt={name} width={96} height={54} style={{ objectFit: 'cover' }} data-testid="key-defect-shot" />
  ) : null;
}

/**
 * Key defects in the 3D view (issue 13, point 4): a button in the view's toolbar opens their list beside the view
 * (edit, delete, history) and draws their graphs on the model; a polyline or polygon drawn on the model, a screenshot
 * of the view, then name, type, level and description make a new one. A graph too small on the screenshot asks first.
 */
export default function KeyDefectLayerControl({
  api,
  projectId,
  inspectionId,
}: {
  api: ViewerApi;
  projectId: number;
  inspectionId: number | null;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const canEdit = usePermission('defect:edit');
  const [open, setOpen] = useState(false);
  const [drawing, setDrawing] = useState<KeyDefectShape | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [historyOf, setHistoryOf] = useState<KeyDefect | null>(null);
  // Carries how many graphs the view draws, for a journey to know they are on the model.
  const openButton = useRef<HTMLButtonElement>(null);
  const [form] = Form.useForm<FormValues>();
  const list = useKeyDefects(open ? inspectionId : null);
  const types = useKeyDefectTypes(projectId);
  const save = useSaveKeyDefect(inspectionId ?? 0);
  const remove = useRemoveKeyDefects(inspectionId ?? 0);
  const typeById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);

  useEffect(() => {
    const records = open && list.data ? list.data.records : null;
    api.showKeyDefects(
      records?.map((record) => ({
        id: record.id,
        name: record.name,
        kind: record.graph.kind,
        color: typeById.get(record.typeId)?.color ?? '#FF4D4F',
        positions: record.graph.positions,
      })) ?? null,
    );
    openButton.current?.setAttribute('data-drawn', String(api.keyDefectCount()));
  }, [api, open, list.data, typeById]);
  useEffect(() => () => api.showKeyDefects(null), [api]);
  useEffect(() => () => (draft?.screenshot ? URL.revokeObjectURL(draft.screenshot.url) : undefined), [draft]);

  if (inspectionId === null) return null;

  async function draw(kind: KeyDefectShape) {
    setDrawing(kind);
    try {
      const measured = kind === 'polyline' ? await api.measure('distance') : await api.measure('area');
      if (!measured) return;
      const positions = measured.positions.map((p) => {
        const { lon, lat, height } = ecefToWgs84(ecef(p.x, p.y, p.z));
        return { lon, lat, height };
      });
      api.clearMeasurements();
      const png = await api.screenshot();
      const range = api.screenExtent(positions) ?? { width: 0, height: 0 };
      setDraft({
        id: null,
        graph: { kind, positions },
        screenshot: { png, url: URL.createObjectURL(png), range },
        initial: { name: '', level: LIMITS.defectScale.min, description: '' },
      });
    } catch {
      void message.error(t('keyDefectUi.screenshotFailed'));
    } finally {
      setDrawing(null);
    }
  }

  async function submit(values: FormValues, confirmSmall = false): Promise<void> {
    if (!draft) return;
    const range = draft.screenshot?.range;
    try {
      await save.mutateAsync({
        id: draft.id,
        png: draft.screenshot?.png ?? null,
        body: {
          name: values.name,
          typeId: values.typeId,
          level: values.level,
          description: values.description ?? '',
          ...(draft.graph ? { graph: draft.graph } : {}),
          ...(range ? { screenRange: range } : {}),
          confirmSmall,
        } as Parameters<typeof save.mutateAsync>[0]['body'],
      });
      void message.success(t('keyDefectUi.created'));
      setDraft(null);
    } catch (error) {
      if (isApiError(error) && error.key === 'KEY_DEFECT_SCREEN_RANGE_SMALL' && range) {
        modal.confirm({
          title: t('keyDefectUi.smallTitle'),
          content: t('keyDefectUi.smallContent', {
            size: Math.round(Math.max(range.width, range.height)),
            min: KEY_DEFECT_SCREEN_RANGE_MIN_PX,
          }),
          okButtonProps: { 'data-testid': 'key-defect-confirm-small' } as ButtonProps,
          onOk: () => submit(values, true),
        });
      }
    }
  }

  return (
    <>
      <Tooltip title={t('keyDefectUi.open')}>
        <Button
          size="small"
          icon={<FlagOutlined />}
          type={open ? 'primary' : 'default'}
          onClick={() => setOpen(!open)}
          data-testid="key-defect-open"
          ref={openButton}
          aria-label={t('keyDefectUi.open')}
        />
      </Tooltip>
      <Drawer
        open={open}
        mask={false}
        width={520}
        title={t('keyDefectUi.title')}
        onClose={() => setOpen(false)}
        data-testid="key-defect-drawer"
        extra={
          canEdit && (
            <Space>
              {drawing ? (
                <Button onClick={() => api.cancelMeasurement()} data-testid="key-defect-cancel-draw">
                  {t('keyDefectUi.cancelDraw')}
                </Button>
              ) : (
                <>
                  <Button onClick={() => void draw('polyline')} data-testid="key-defect-draw-polyline">
                    {t('keyDefectUi.drawPolyline')}
                  </Button>
                  <Button onClick={() => void draw('polygon')} data-testid="key-defect-draw-polygon">
                    {t('keyDefectUi.drawPolygon')}
                  </Button>
                </>
              )}
            </Space>
          )
        }
      >
        {drawing && <Typography.Paragraph type="secondary">{t('keyDefectUi.drawHint')}</Typography.Paragraph>}
        <Table<KeyDefect>
          rowKey="id"
          size="small"
          loading={list.isLoading}
          dataSource={list.data?.records ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('keyDefectUi.empty')} /> }}
          data-testid="key-defect-list"
          onRow={(record) => ({ 'data-testid': `key-defect-row-${record.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('keyDefectUi.screenshot'),
              key: 'shot',
              render: (_, record) => <Screenshot url={record.screenshotUrl} name={record.name} />,
            },
            { title: t('keyDefectUi.name'), dataIndex: 'name' },
            {
              title: t('keyDefectUi.type'),
              key: 'type',
              render: (_, record) => {
                const type = typeById.get(record.typeId);
                return type ? defectTypeLabel(type) : record.typeId;
              },
            },
            { title: t('keyDefectUi.level'), dataIndex: 'level' },
            {
              title: t('keyDefectUi.actions'),
              key: 'actions',
              render: (_, record) => (
                <Space size={4}>
                  <Button
                    size="small"
                    type="link"
                    icon={<HistoryOutlined />}
                    onClick={() => setHistoryOf(record)}
                    data-testid={`key-defect-history-${record.id}`}
                  >
                    {t('keyDefectUi.history')}
                  </Button>
                  {canEdit && (
                    <>
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          setDraft({
                            id: record.id,
                            graph: null,
                            screenshot: null,
                            initial: {
                              name: record.name,
                              typeId: record.typeId,
                              level: record.level,
                              description: record.description,
                            },
                          })
                        }
                        data-testid={`key-defect-edit-${record.id}`}
                      >
                        {t('keyDefectUi.edit')}
                      </Button>
                      <Popconfirm
                        title={t('keyDefectUi.removeConfirm', { name: record.name })}
                        onConfirm={async () => {
                          const { count } = await remove.mutateAsync([record.id]);
                          void message.success(t('keyDefectUi.removed', { count }));
                        }}
                        okButtonProps={{ danger: true, 'data-testid': 'key-defect-remove-ok' }}
                      >
                        <Button size="small" type="link" danger data-testid={`key-defect-remove-${record.id}`}>
                          {t('keyDefectUi.remove')}
                        </Button>
                      </Popconfirm>
                    </>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Drawer>
      <Modal
        open={draft !== null}
        title={t('keyDefectUi.title')}
        destroyOnHidden
        onCancel={() => setDraft(null)}
        okText={t('keyDefectUi.save')}
        cancelText={t('keyDefectUi.cancel')}
        confirmLoading={save.isPending}
        okButtonProps={{ 'data-testid': 'key-defect-save' }}
        onOk={() => void form.validateFields().then((values) => submit(values))}
      >
        {draft?.screenshot && (
          <img
            src={draft.screenshot.url}
            alt={t('keyDefectUi.screenshot')}
            style={{ width: '100%', marginBottom: 12 }}
            data-testid="key-defect-preview"
          />
        )}
        <Form<FormValues>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={draft?.initial}
          data-testid="key-defect-form"
        >
          <Form.Item
            name="name"
            label={t('keyDefectUi.name')}
            rules={[
              { required: true, whitespace: true, message: t('validation.required') },
              { max: LIMITS.generalInputMax, message: t('validation.tooLong', { max: LIMITS.generalInputMax }) },
            ]}
          >
            <Input data-testid="key-defect-name" />
          </Form.Item>
          <Form.Item
            name="typeId"
            label={t('keyDefectUi.type')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <Select
              data-testid="key-defect-type"
              options={(types.data ?? []).map((type) => ({ value: type.id, label: defectTypeLabel(type) }))}
            />
          </Form.Item>
          <Form.Item
            name="level"
            label={t('keyDefectUi.level')}
            rules={[{ required: true, message: t('validation.required') }]}
          >
            <InputNumber min={LIMITS.defectScale.min} max={LIMITS.defectScale.max} precision={0} />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('keyDefectUi.description')}
            rules={[{ max: DEFECT_DESCRIPTION_MAX, message: t('validation.tooLong', { max: DEFECT_DESCRIPTION_MAX }) }]}
          >
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
      <KeyDefectHistory keyDefect={historyOf} types={typeById} onClose={() => setHistoryOf(null)} />
    </>
  );
}

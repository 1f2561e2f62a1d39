import { useState } from 'react';
import {
  Alert,
  App as AntdApp,
  Button,
  Checkbox,
  Descriptions,
  Empty,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Radio,
  Select,
  Steps,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DEFECT_EXPORT_FIELDS,
  KEY_DEFECT_SHAPE_MIN_POINTS,
  LIMITS,
  REPORT_DEFAULT_FIELDS,
  REPORT_SECTIONS,
  REPORT_TEMPLATES,
  type DefectExportField,
  type KeyDefect,
  type ReportSection,
  type ReportTemplate,
} from '@sightline/shared';
import { useBranding } from '../../../api/branding';
import { isApiError } from '../../../api/client';
import { useFileUrl } from '../../../api/file-links';
import {
  useCreateReport,
  useReportDefectTypes,
  useReportFilter,
  useReportKeyDefects,
  useSaveReportTypes,
} from '../api';

const TEMPLATES = Object.keys(REPORT_TEMPLATES) as ReportTemplate[];
/** The sections whose defects the report filter's types choose. */
const FILTERED_SECTIONS: readonly ReportSection[] = ['statistics', 'defects'];

/** A key defect's screenshot, or its absence: a file that does not load is missing (`onMissing`). */
function ScreenshotCell({
  keyDefect,
  missing,
  onMissing,
}: {
  keyDefect: KeyDefect;
  missing: boolean;
  onMissing: () => void;
}) {
  const { t } = useTranslation();
  const src = useFileUrl(keyDefect.screenshotUrl);
  if (missing)
    return (
      <Tag color="error" data-testid="report-key-defect-no-screenshot">
        {t('reportUi.keyDefects.screenshotMissing')}
      </Tag>
    );
  if (!src) return null;
  return (
    <Image
      src={src}
      width={96}
      alt={keyDefect.name}
      onError={onMissing}
      preview={false}
      data-testid="report-key-defect-screenshot"
    />
  );
}

/**
 * A new report in three steps (issue 16, SPEC section 2): the template, its sections, the title and the cover (the
 * system config's company name and logo); the defect table's columns (at most LIMITS.reportDefectFieldsMax), its
 * thumbnails and the report filter's defect types; the key defects shown, each with its drawn graph and screenshot
 * (one without a screenshot is left out after asking, as the server refuses it). Generate starts the job.
 */
export function NewReportDialog({
  inspectionId,
  projectId,
  onClose,
}: {
  inspectionId: number;
  projectId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const branding = useBranding();
  const filter = useReportFilter(projectId);
  const types = useReportDefectTypes(projectId);
  const keyDefects = useReportKeyDefects(inspectionId);
  const saveTypes = useSaveReportTypes(projectId);
  const create = useCreateReport(inspectionId);

  const [step, setStep] = useState(0);
  const [template, setTemplate] = useState<ReportTemplate>('inspection');
  const [sections, setSections] = useState<ReportSection[]>(['summary', 'statistics', 'defects', 'keyDefects']);
  const [name, setName] = useState('');
  const [fields, setFields] = useState<DefectExportField[]>([...REPORT_DEFAULT_FIELDS]);
  const [thumbnails, setThumbnails] = useState(true);
  /** The report filter's types as chosen here; undefined while untouched (the saved filter shows). */
  const [typeIds, setTypeIds] = useState<number[] | undefined>(undefined);
  /** The key defects left out; every one is in the report unless unticked. */
  const [leftOut, setLeftOut] = useState<number[]>([]);
  const [missing, setMissing] = useState<number[]>([]);

  const allowed: readonly ReportSection[] = REPORT_TEMPLATES[template];
  const chosenSections = REPORT_SECTIONS.filter((section) => sections.includes(section) && allowed.includes(section));
  const withTable = chosenSections.some((section) => FILTERED_SECTIONS.includes(section));
  const withKeyDefects = chosenSections.includes('keyDefects');
  const shownTypeIds = typeIds ?? filter.data?.diseaseTypeIds ?? [];
  const records = keyDefects.data?.records ?? [];
  const included = records.filter((record) => !leftOut.includes(record.id));

  const fieldsError =
    fields.length === 0
      ? t('reportUi.table.fieldsRequired')
      : fields.length > LIMITS.reportDefectFieldsMax
        ? t('reportUi.table.fieldsTooMany', { num: LIMITS.reportDefectFieldsMax })
        : null;
  const stepValid = [chosenSections.length > 0, !withTable || fieldsError === null, true];

  const generate = async (keyDefectIds: number[]) => {
    try {
      if (typeIds !== undefined) await saveTypes.mutateAsync(typeIds);
      await create.mutateAsync({
        inspectionId,
        template,
        sections: chosenSections,
        fields,
        thumbnails,
        ...(name.trim() ? { name: name.trim() } : {}),
        ...(withKeyDefects ? { keyDefectIds } : {}),
      });
    } catch (error) {
      // The server found key defects whose screenshot is not stored: they show as missing, to leave out.
      if (isApiError(error) && error.key === 'REPORT_SCREENSHOT_MISSING') {
        const ids = (error.data as { keyDefectIds?: number[] } | null)?.keyDefectIds ?? [];
        setMissing((known) => [...new Set([...known, ...ids])]);
        setStep(2);
      }
      return;
    }
    void message.success(t('reportUi.wizard.started'));
    onClose();
  };

  const submit = () => {
    const withoutShot = withKeyDefects ? included.filter((record) => missing.includes(record.id)) : [];
    if (withoutShot.length === 0) return void generate(included.map((record) => record.id));
    modal.confirm({
      title: t('reportUi.keyDefects.missingTitle'),
      content: t('reportUi.keyDefects.missingContent', { names: withoutShot.map((record) => record.name).join(', ') }),
      okText: t('reportUi.keyDefects.leaveOut'),
      cancelText: t('ui.common.cancel'),
      okButtonProps: { 'data-testid': 'report-leave-out' },
      onOk: () => {
        const kept = included.filter((record) => !missing.includes(record.id));
        setLeftOut(records.filter((record) => !kept.includes(record)).map((record) => record.id));
        return generate(kept.map((record) => record.id));
      },
    });
  };

  const coverStep = (
    <Form layout="vertical" data-testid="report-step-cover">
      <Form.Item label={t('reportUi.cover.template')}>
        <Radio.Group
          value={template}
          onChange={(event) => setTemplate(event.target.value as ReportTemplate)}
          options={TEMPLATES.map((value) => ({ value, label: t(`reportUi.cover.templates.${value}`) }))}
          data-testid="report-template"
        />
      </Form.Item>
      <Form.Item
        label={t('reportUi.cover.sections')}
        validateStatus={chosenSections.length === 0 ? 'error' : undefined}
        help={chosenSections.length === 0 ? t('reportUi.cover.sectionsRequired') : undefined}
      >
        <Checkbox.Group
          value={chosenSections}
          onChange={(chosen) => setSections(chosen as ReportSection[])}
          options={allowed.map((section) => ({ value: section, label: t(`inspectionReport.section.${section}`) }))}
          data-testid="report-sections"
        />
      </Form.Item>
      <Form.Item label={t('reportUi.cover.name')}>
        <Input
          value={name}
          maxLength={LIMITS.generalInputMax}
          placeholder={t('reportUi.cover.namePlaceholder')}
          onChange={(event) => setName(event.target.value)}
          data-testid="report-name"
        />
      </Form.Item>
      <Descriptions size="small" bordered column={1} data-testid="report-cover-branding">
        <Descriptions.Item label={t('reportUi.cover.company')}>{branding.companyName}</Descriptions.Item>
        <Descriptions.Item label={t('reportUi.cover.logo')}>
          <img src={branding.logo} alt={branding.companyName} style={{ maxHeight: 48, maxWidth: 160 }} />
        </Descriptions.Item>
      </Descriptions>
      <Typography.Text type="secondary">{t('reportUi.cover.brandingNote')}</Typography.Text>
    </Form>
  );

  const tableStep = withTable ? (
    <Form layout="vertical" data-testid="report-step-table">
      <Form.Item
        label={t('reportUi.table.fields')}
        validateStatus={fieldsError ? 'error' : undefined}
        help={
          <span data-testid="report-fields-help">
            {fieldsError ?? t('reportUi.table.fieldsHelp', { count: fields.length, num: LIMITS.reportDefectFieldsMax })}
          </span>
        }
      >
        <Checkbox.Group
          value={fields}
          onChange={(chosen) => setFields(DEFECT_EXPORT_FIELDS.filter((field) => (chosen as string[]).includes(field)))}
          options={DEFECT_EXPORT_FIELDS.map((field) => ({ value: field, label: t(`defectExport.column.${field}`) }))}
          data-testid="report-fields"
        />
      </Form.Item>
      <Form.Item label={t('reportUi.table.thumbnails')}>
        <Switch checked={thumbnails} onChange={setThumbnails} data-testid="report-thumbnails" />
      </Form.Item>
      <Form.Item label={t('reportUi.table.types')} extra={t('reportUi.table.typesHelp')}>
        <Select
          mode="multiple"
          allowClear
          value={shownTypeIds}
          loading={types.isLoading || filter.isLoading}
          placeholder={t('reportUi.table.typesPlaceholder')}
          aria-label={t('reportUi.table.types')}
          onChange={(chosen: number[]) => setTypeIds(chosen)}
          options={(types.data ?? []).map((type) => ({ value: type.id, label: type.name }))}
          optionFilterProp="label"
          data-testid="report-types"
        />
      </Form.Item>
      <Form.Item label={t('reportUi.table.ranges')} extra={t('reportUi.table.rangesHelp')}>
        {(filter.data?.ranges.length ?? 0) === 0 ? (
          <Typography.Text type="secondary">{t('reportUi.table.rangesNone')}</Typography.Text>
        ) : (
          <Flex gap={4} wrap data-testid="report-ranges">
            {filter.data!.ranges.map((range) => (
              <Tag key={range.id}>
                {t(`defectExport.column.${range.dimension}`)}: {range.min} – {range.max}
              </Tag>
            ))}
          </Flex>
        )}
      </Form.Item>
    </Form>
  ) : (
    <Alert type="info" showIcon title={t('reportUi.table.noDefectTable')} />
  );

  const keyDefectStep = !withKeyDefects ? (
    <Alert type="info" showIcon title={t('reportUi.keyDefects.notIncluded')} />
  ) : (
    <Flex vertical gap={8} data-testid="report-step-key-defects">
      <Typography.Text type="secondary">{t('reportUi.keyDefects.intro')}</Typography.Text>
      <Table<KeyDefect>
        rowKey="id"
        size="small"
        loading={keyDefects.isLoading}
        dataSource={records}
        pagination={false}
        scroll={{ y: 360 }}
        rowSelection={{
          selectedRowKeys: included.map((record) => record.id),
          onChange: (keys) =>
            setLeftOut(records.filter((record) => !keys.includes(record.id)).map((record) => record.id)),
        }}
        onRow={(record) => ({ 'data-testid': 'report-key-defect', 'data-key-defect-id': record.id }) as object}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reportUi.keyDefects.none')} />,
        }}
        columns={[
          { title: t('reportUi.keyDefects.name'), dataIndex: 'name', ellipsis: true },
          {
            title: t('reportUi.keyDefects.graph'),
            key: 'graph',
            render: (_value, record) =>
              record.graph.positions.length >= KEY_DEFECT_SHAPE_MIN_POINTS[record.graph.kind] ? (
                <Tag color="success" data-testid="report-key-defect-graph">
                  {t(`reportUi.keyDefects.graphKind.${record.graph.kind}`)} ·{' '}
                  {t('reportUi.keyDefects.graphPoints', { count: record.graph.positions.length })}
                </Tag>
              ) : (
                <Tag color="error">{t('reportUi.keyDefects.graphMissing')}</Tag>
              ),
          },
          {
            title: t('reportUi.keyDefects.screenshot'),
            key: 'screenshot',
            render: (_value, record) => (
              <ScreenshotCell
                keyDefect={record}
                missing={missing.includes(record.id)}
                onMissing={() => setMissing((known) => (known.includes(record.id) ? known : [...known, record.id]))}
              />
            ),
          },
        ]}
      />
    </Flex>
  );

  const last = step === 2;
  return (
    <Modal
      open
      width={900}
      title={t('reportUi.wizard.title')}
      onCancel={onClose}
      destroyOnHidden
      data-testid="report-dialog"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose} data-testid="report-cancel">
            {t('reportUi.wizard.cancel')}
          </Button>
          {step > 0 && (
            <Button onClick={() => setStep(step - 1)} data-testid="report-previous">
              {t('reportUi.wizard.previous')}
            </Button>
          )}
          {last ? (
            <Button
              type="primary"
              loading={create.isPending || saveTypes.isPending}
              disabled={!stepValid.every(Boolean)}
              onClick={submit}
              data-testid="report-generate"
            >
              {t('reportUi.wizard.generate')}
            </Button>
          ) : (
            <Button
              type="primary"
              disabled={!stepValid[step]}
              onClick={() => setStep(step + 1)}
              data-testid="report-next"
            >
              {t('reportUi.wizard.next')}
            </Button>
          )}
        </Flex>
      }
    >
      <Steps
        current={step}
        size="small"
        style={{ marginBottom: 24 }}
        items={[
          { title: t('reportUi.wizard.steps.cover') },
          { title: t('reportUi.wizard.steps.table') },
          { title: t('reportUi.wizard.steps.keyDefects') },
        ]}
      />
      {[coverStep, tableStep, keyDefectStep][step]}
    </Modal>
  );
}

import { useEffect, useMemo } from 'react';
import { Col, DatePicker, Form, Input, Row, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { createMonitorReportBodySchema, LIMITS, type InspectionReport, type Target } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useInspectionOptions } from '../../../api/inspection-options';
import { useMonitorPoints } from '../../../api/monitor-points';
import { zodRule } from '../../../lib/form-rules';
import { useCreateMonitorReport } from '../api';

interface ReportValues {
  inspectionId?: number;
  name?: string;
  from?: Dayjs | null;
  to?: Dayjs | null;
  pointIds: number[];
  targetIds: number[];
}

/** Every one chosen (or a choice of none among none) is "all": left out, so the report follows later additions. */
const chosenOf = (ids: number[], every: readonly { id: number }[]) =>
  every.length > 0 && every.every((item) => ids.includes(item.id)) ? undefined : ids;

/**
 * A monitoring report of a baseline (POST /inspection-report/create/monitor/report): its name, the period of the
 * records and rounds shown, the project's total-station points and the baseline's drone targets, all of them
 * chosen at first. The report is filed under the baseline inspection and generated in the background.
 */
export function MonitorReportDialog({
  projectId,
  targets,
  onCreated,
  onClose,
}: {
  projectId: number;
  /** The project's targets: their baselines are the inspections offered. */
  targets: readonly Target[];
  onCreated: (report: InspectionReport) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportValues>();
  const create = useCreateMonitorReport();
  const inspections = useInspectionOptions(projectId);
  const pointList = useMonitorPoints(projectId).data;
  const points = useMemo(() => pointList ?? [], [pointList]);
  const baselineIds = useMemo(() => new Set(targets.map((target) => target.inspectionId)), [targets]);
  const baselines = inspections.options.filter((option) => baselineIds.has(option.value));
  const inspectionId = Form.useWatch('inspectionId', form);
  const ofBaseline = targets.filter((target) => target.inspectionId === inspectionId);
  // Every point chosen once they are read, unless the field was changed meanwhile.
  useEffect(() => {
    if (!form.isFieldTouched('pointIds')) form.setFieldsValue({ pointIds: points.map((point) => point.id) });
  }, [form, points]);

  const toBody = (values: Record<string, unknown>) => {
    const day = (value: unknown) => (value ? (value as Dayjs).format('YYYY-MM-DD') : undefined);
    const name = typeof values.name === 'string' && values.name.trim() ? values.name.trim() : undefined;
    return {
      inspectionId: values.inspectionId,
      name,
      from: day(values.from),
      to: day(values.to),
      pointIds: chosenOf((values.pointIds as number[] | undefined) ?? [], points),
      targetIds: chosenOf((values.targetIds as number[] | undefined) ?? [], ofBaseline),
    };
  };
  const rule = (field: string) => zodRule(createMonitorReportBodySchema, field, { toInput: toBody });

  return (
    <FormDialog<ReportValues>
      title={t('targetUi.report.title')}
      okText={t('targetUi.report.generate')}
      width={640}
      form={form}
      testId="monitor-report-form"
      saving={create.isPending}
      markRequired
      initialValues={{
        inspectionId: targets[0]?.inspectionId,
        targetIds: targets
          .filter((target) => target.inspectionId === targets[0]?.inspectionId)
          .map((target) => target.id),
      }}
      onSubmit={async (values) => {
        const report = await create.mutateAsync(
          createMonitorReportBodySchema.parse(toBody(values as unknown as Record<string, unknown>)),
        );
        onCreated(report);
        return t('targetUi.report.started', { name: report.name });
      }}
      onClose={onClose}
    >
      <Form.Item name="inspectionId" label={t('targetUi.report.baseline')} required rules={[rule('inspectionId')]}>
        <Select
          options={baselines}
          loading={inspections.isLoading}
          onChange={(id: number) =>
            form.setFieldsValue({
              targetIds: targets.filter((target) => target.inspectionId === id).map((target) => target.id),
            })
          }
          data-testid="monitor-report-baseline"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={t('targetUi.report.name')}
        extra={t('targetUi.report.nameHint')}
        rules={[rule('name')]}
      >
        <Input maxLength={LIMITS.generalInputMax} data-testid="monitor-report-name" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="from" label={t('targetUi.report.from')} rules={[rule('from')]}>
            <DatePicker style={{ width: '100%' }} data-testid="monitor-report-from" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="to" label={t('targetUi.report.to')} dependencies={['from']} rules={[rule('to')]}>
            <DatePicker style={{ width: '100%' }} data-testid="monitor-report-to" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="pointIds" label={t('targetUi.report.points')} extra={t('targetUi.report.allHint')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={points.map((point) => ({ value: point.id, label: point.name }))}
          data-testid="monitor-report-points"
        />
      </Form.Item>
      <Form.Item name="targetIds" label={t('targetUi.report.targets')}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={ofBaseline.map((target) => ({ value: target.id, label: target.name }))}
          data-testid="monitor-report-targets"
        />
      </Form.Item>
    </FormDialog>
  );
}

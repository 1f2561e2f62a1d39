import { useEffect } from 'react';
import { Alert, App as AntdApp, Button, Card, Flex, Form, InputNumber, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveDefectFilterRangeBodySchema, type DefectFilterRange } from '@sightline/shared';
import { applyServerIssues, zodRule } from '../../../lib/form-rules';
import { useDefectFilterRange, useSaveDefectFilterRange } from '../api';

type RangeValues = Omit<DefectFilterRange, 'projectId'>;
type RangeField = keyof RangeValues;

const ROWS: Array<{ key: 'length' | 'width' | 'area'; min: RangeField; max: RangeField; unit: string }> = [
  { key: 'length', min: 'crackLengthMin', max: 'crackLengthMax', unit: 'm' },
  { key: 'width', min: 'crackWidthMin', max: 'crackWidthMax', unit: 'mm' },
  { key: 'area', min: 'areaMin', max: 'areaMax', unit: 'm²' },
];

const FIELDS: RangeField[] = ROWS.flatMap((row) => [row.min, row.max]);

/**
 * The damage filter range (SPEC sections 3 and 5): defects under it are not shown; cracks by length (m) and
 * width (mm), other types by area (m²). Each minimum is not below 0, not greater than its maximum, and not equal.
 */
export function FilterRangePanel({ projectId, editable }: { projectId: number; editable: boolean }) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const [form] = Form.useForm<RangeValues>();
  const range = useDefectFilterRange(projectId);
  const save = useSaveDefectFilterRange(projectId);
  const toInput = (values: Record<string, unknown>) => ({
    projectId,
    ...Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? null])),
  });
  const rule = (field: RangeField) => zodRule(saveDefectFilterRangeBodySchema, field, { toInput });

  useEffect(() => {
    if (range.data) form.setFieldsValue(range.data);
  }, [form, range.data]);

  const handleFinish = async (values: RangeValues) => {
    const body = saveDefectFilterRangeBodySchema.parse(toInput(values));
    try {
      await save.mutateAsync(body);
      void message.success(t('projectUi.filter.saved'));
    } catch (error) {
      applyServerIssues(form, error);
    }
  };

  if (range.isLoading) return <Skeleton active />;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }} data-testid="filter-range">
      <Alert type="warning" showIcon title={t('projectUi.filter.warning')} />
      <Form<RangeValues>
        form={form}
        layout="vertical"
        disabled={!editable}
        onFinish={(values) => void handleFinish(values)}
        // A change of one end re-checks the other, so "min greater than max" follows both inputs.
        onValuesChange={(changed) => {
          const field = Object.keys(changed)[0] as RangeField | undefined;
          const row = ROWS.find((candidate) => candidate.min === field || candidate.max === field);
          if (row) void form.validateFields([row.min, row.max]).catch(() => undefined);
        }}
      >
        {ROWS.map((row) => (
          <Card size="small" key={row.key} title={t(`projectUi.filter.${row.key}`)} style={{ marginBottom: 12 }}>
            <Flex gap={16} wrap align="flex-start">
              <Form.Item
                name={row.min}
                label={t('projectUi.filter.min')}
                rules={[rule(row.min)]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber
                  min={0}
                  step={0.01}
                  suffix={row.unit}
                  style={{ width: 200 }}
                  data-testid={`filter-${row.min}`}
                />
              </Form.Item>
              <Form.Item
                name={row.max}
                label={t('projectUi.filter.max')}
                rules={[rule(row.max)]}
                style={{ marginBottom: 0 }}
              >
                <InputNumber
                  min={0}
                  step={0.01}
                  suffix={row.unit}
                  style={{ width: 200 }}
                  data-testid={`filter-${row.max}`}
                />
              </Form.Item>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t(`projectUi.filter.${row.key}Hint`)}
            </Typography.Text>
          </Card>
        ))}
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="filter-save">
            {t('ui.common.save')}
          </Button>
        )}
      </Form>
    </Flex>
  );
}

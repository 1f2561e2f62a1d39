import { Fragment, useMemo } from 'react';
import { Button, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  MARKER_TEMPLATE_PAD_MAX,
  MARKER_TEMPLATE_VALUE_MAX,
  MARKER_TEMPLATE_VARIABLES_MAX,
  SPATIAL_MARKER_DEFAULT_COLOR,
  checkMarkerTemplate,
  expandMarkerTemplate,
  markerTemplateCount,
  type MarkerTemplateProblem,
  type MarkerTemplateVariable,
} from '@sightline/shared';
import { FormDialog } from '../../../components/FormDialog';
import { translate } from '../../../i18n';
import { useCreateBatch } from '../api';
import { MarkerColorField } from './MarkerColorField';

interface TemplateValues {
  codeTemplate: string;
  nameTemplate: string;
  variables: Array<{ from: number | null; to: number | null; pad: number | null }>;
  color: string;
}

/** Markers listed in the preview; the count below tells how many more the batch makes. */
const PREVIEW_ROWS = 6;

const messageOf = (problem: MarkerTemplateProblem | undefined) =>
  problem ? translate(`validation.${problem.key}`) : undefined;

function toVariables(values: TemplateValues['variables'] | undefined): MarkerTemplateVariable[] {
  return (values ?? []).map((variable) => ({
    from: variable.from ?? Number.NaN,
    to: variable.to ?? Number.NaN,
    pad: variable.pad ?? 0,
  }));
}

/**
 * Batch creation from templates (SPEC section 5): the number and name templates with their variables, checked as
 * they are typed by the same function the server checks them with, with a preview of the first markers and the
 * count.
 */
export function BatchCreateDialog({
  projectId,
  groupId,
  onClose,
}: {
  projectId: number;
  groupId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateValues>();
  const create = useCreateBatch(projectId);
  const codeTemplate = Form.useWatch('codeTemplate', form) ?? '';
  const nameTemplate = Form.useWatch('nameTemplate', form) ?? '';
  const watched = Form.useWatch('variables', form);
  const variables = useMemo(() => toVariables(watched), [watched]);

  const input = { codeTemplate, nameTemplate, variables };
  const problems = checkMarkerTemplate(input);
  const typed = codeTemplate.trim() !== '' && nameTemplate.trim() !== '';
  // Template mistakes show once both are typed: half a template always misses a variable.
  const shown = typed ? problems : problems.filter((problem) => problem.field === 'variables');
  const fieldProblem = (field: 'codeTemplate' | 'nameTemplate') => shown.find((problem) => problem.field === field);
  const rangeProblem = (index: number) =>
    shown.find((problem) => problem.key === 'markerTemplateRange' && problem.variable === index + 1);
  const tooMany = shown.find((problem) => problem.key === 'markerBatchTooMany');
  const preview = typed && problems.length === 0 ? expandMarkerTemplate(input).slice(0, PREVIEW_ROWS) : [];
  const count = markerTemplateCount(variables);

  const handleSubmit = async (values: TemplateValues) => {
    if (problems.length > 0) return null;
    const created = await create.mutateAsync({
      projectId,
      parentId: groupId,
      codeTemplate: values.codeTemplate,
      nameTemplate: values.nameTemplate,
      variables,
      color: values.color,
    });
    return t('projectUi.markers.created', { count: created.length });
  };

  const status = (problem: MarkerTemplateProblem | undefined) => (problem ? ('error' as const) : undefined);

  return (
    <FormDialog<TemplateValues>
      title={t('projectUi.markers.batchCreate')}
      okText={t('projectUi.markers.template.create')}
      width={640}
      form={form}
      initialValues={{
        codeTemplate: '',
        nameTemplate: '',
        variables: [{ from: 1, to: 10, pad: 0 }],
        color: SPATIAL_MARKER_DEFAULT_COLOR,
      }}
      testId="marker-batch-form"
      saving={create.isPending}
      onSubmit={handleSubmit}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">{t('projectUi.markers.template.hint')}</Typography.Paragraph>
      {(['codeTemplate', 'nameTemplate'] as const).map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`projectUi.markers.template.${field}`)}
          validateStatus={status(fieldProblem(field))}
          help={messageOf(fieldProblem(field))}
          rules={[{ required: true, whitespace: true, message: translate('validation.required') }]}
        >
          <Input
            maxLength={50}
            placeholder={t(
              `projectUi.markers.template.${field === 'codeTemplate' ? 'codePlaceholder' : 'namePlaceholder'}`,
            )}
            data-testid={`marker-${field}`}
          />
        </Form.Item>
      ))}
      <Form.List name="variables">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} style={{ marginBottom: 24 }}>
            {fields.map((field, index) => (
              <Form.Item
                key={field.key}
                label={t('projectUi.markers.template.variable', { index: index + 1 })}
                validateStatus={status(rangeProblem(index))}
                help={messageOf(rangeProblem(index))}
                style={{ marginBottom: 8 }}
                data-testid={`marker-variable-${index + 1}`}
              >
                <Flex gap={8} align="center">
                  {(['from', 'to'] as const).map((end) => (
                    <Fragment key={end}>
                      {end === 'to' && <span>–</span>}
                      <Form.Item name={[field.name, end]} noStyle>
                        <InputNumber
                          min={0}
                          max={MARKER_TEMPLATE_VALUE_MAX}
                          placeholder={t(`projectUi.markers.template.${end}`)}
                          aria-label={t(`projectUi.markers.template.${end}`)}
                          data-testid={`marker-variable-${end}`}
                        />
                      </Form.Item>
                    </Fragment>
                  ))}
                  <Form.Item name={[field.name, 'pad']} noStyle>
                    <InputNumber
                      min={0}
                      max={MARKER_TEMPLATE_PAD_MAX}
                      addonBefore={t('projectUi.markers.template.pad')}
                      aria-label={t('projectUi.markers.template.pad')}
                      style={{ width: 190 }}
                    />
                  </Form.Item>
                  {fields.length > 1 && (
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      aria-label={t('projectUi.markers.template.removeVariable')}
                    />
                  )}
                </Flex>
              </Form.Item>
            ))}
            {fields.length < MARKER_TEMPLATE_VARIABLES_MAX && (
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ from: 1, to: 1, pad: 0 })}
                data-testid="marker-variable-add"
              >
                {t('projectUi.markers.template.addVariable')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <MarkerColorField />
      <Flex vertical gap={4} data-testid="marker-batch-preview">
        <Typography.Text strong>{t('projectUi.markers.template.preview')}</Typography.Text>
        {tooMany ? (
          <Typography.Text type="danger" data-testid="marker-batch-too-many">
            {messageOf(tooMany)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="marker-batch-count">
            {t('projectUi.markers.template.count', { count })}
          </Typography.Text>
        )}
        {preview.length > 0 && (
          <Table
            size="small"
            pagination={false}
            rowKey="code"
            dataSource={preview}
            columns={[
              { title: t('projectUi.markers.code'), dataIndex: 'code' },
              { title: t('projectUi.markers.name'), dataIndex: 'name' },
            ]}
            footer={
              count > preview.length
                ? () => t('projectUi.markers.template.more', { count: count - preview.length })
                : undefined
            }
          />
        )}
      </Flex>
    </FormDialog>
  );
}

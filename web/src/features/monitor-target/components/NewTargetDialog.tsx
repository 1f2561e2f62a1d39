import { useEffect, useMemo, useState } from 'react';
import { Col, Empty, Flex, Form, Input, InputNumber, Radio, Row, Select, Spin } from 'antd';
import {
  ARUCO_DICTIONARY_NAMES,
  createTargetBodySchema,
  type TargetMarker,
  type TargetRegion,
  type TargetType,
} from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog';
import { useInspectionOptions } from '../../../api/inspection-options';
import { zodRule } from '../../../lib/form-rules';
import { useCreateTarget, useInspectionPhotoPages } from '../api';
import { TargetPhoto } from './TargetPhoto';

interface TargetValues {
  inspectionId?: number;
  imageId?: number;
  name?: string;
  type: TargetType;
  marker: TargetMarker;
  dictionary: string;
  markerId?: number;
  region?: TargetRegion | null;
  thresholdMm?: number;
}

/** The rectangle drawn on the chosen photo, as a form control. */
function RegionPicker({
  photo,
  value,
  onChange,
}: {
  photo: Parameters<typeof TargetPhoto>[0]['photo'];
  value?: TargetRegion | null;
  onChange?: (region: TargetRegion) => void;
}) {
  return <TargetPhoto photo={photo} region={value ?? null} onRegion={onChange} testId="target-draw" />;
}

/**
 * A new drone target (POST /project-tag): its baseline photo from the project's inspections, a rectangle drawn on
 * it, its kind (a printed ArUco marker of a dictionary and id, a printed circle, or a virtual patch), its name and
 * threshold.
 */
export function NewTargetDialog({ projectId, onClose }: { projectId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TargetValues>();
  const create = useCreateTarget(projectId);
  const inspections = useInspectionOptions(projectId);
  const inspectionId = Form.useWatch('inspectionId', form) ?? null;
  const imageId = Form.useWatch('imageId', form);
  const type = Form.useWatch('type', form) ?? 'physical';
  const marker = Form.useWatch('marker', form) ?? 'aruco';
  const photos = useInspectionPhotoPages(inspectionId);
  const [search, setSearch] = useState('');
  const usable = useMemo(
    () => (photos.data?.pages ?? []).flatMap((page) => page.records).filter((photo) => photo.width && photo.height),
    [photos.data],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = photos;
  // A name typed in the search reads the inspection's further pages, so that every photo can be found.
  useEffect(() => {
    if (search && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [search, hasNextPage, isFetchingNextPage, fetchNextPage]);
  const chosen = usable.find((photo) => photo.id === imageId);

  const toBody = (values: Record<string, unknown>) => {
    const physical = values.type === 'physical';
    const aruco = physical && values.marker === 'aruco';
    return {
      projectId,
      imageId: values.imageId,
      name: values.name,
      type: values.type,
      marker: physical ? values.marker : null,
      dictionary: aruco ? values.dictionary : null,
      markerId: aruco ? values.markerId : null,
      region: values.region ?? null,
      thresholdMm: values.thresholdMm,
    };
  };
  const rule = (field: string) => zodRule(createTargetBodySchema, field, { toInput: toBody });

  return (
    <FormDialog<TargetValues>
      title={t('targetUi.create.title')}
      width={1080}
      form={form}
      testId="target-form"
      saving={create.isPending}
      markRequired
      initialValues={{ type: 'physical', marker: 'aruco', dictionary: 'DICT_4X4_50' }}
      onSubmit={async (values) => {
        const target = await create.mutateAsync(
          createTargetBodySchema.parse(toBody(values as unknown as Record<string, unknown>)),
        );
        return t('targetUi.create.created', { name: target.name });
      }}
      onClose={onClose}
    >
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Form.Item name="inspectionId" label={t('targetUi.create.inspection')} required>
            <Select
              options={inspections.options}
              loading={inspections.isLoading}
              onChange={() => {
                form.setFieldsValue({ imageId: undefined, region: null });
                setSearch('');
              }}
              data-testid="target-inspection"
            />
          </Form.Item>
          <Form.Item name="imageId" label={t('targetUi.create.photo')} required rules={[rule('imageId')]}>
            <Select
              showSearch
              optionFilterProp="label"
              disabled={inspectionId === null}
              loading={photos.isFetching}
              options={usable.map((photo) => ({ value: photo.id, label: photo.name }))}
              onSearch={setSearch}
              // The next page when the list is scrolled to its end.
              onPopupScroll={(event) => {
                const list = event.currentTarget;
                if (list.scrollTop + list.clientHeight >= list.scrollHeight - 32 && hasNextPage && !isFetchingNextPage)
                  void fetchNextPage();
              }}
              notFoundContent={
                photos.isFetching ? (
                  <Spin size="small" />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('targetUi.create.noPhotos')} />
                )
              }
              popupRender={(menu) => (
                <>
                  {menu}
                  {isFetchingNextPage && (
                    <Flex justify="center" style={{ padding: 4 }} data-testid="target-photo-more">
                      {t('targetUi.create.morePhotos')}
                    </Flex>
                  )}
                </>
              )}
              onChange={() => form.setFieldsValue({ region: null })}
              data-testid="target-photo"
            />
          </Form.Item>
          {photos.isFetching && inspectionId !== null && !chosen && <Spin />}
          {chosen?.width && chosen.height ? (
            <Form.Item
              name="region"
              label={t(type === 'virtual' ? 'targetUi.create.regionPatch' : 'targetUi.create.regionSearch')}
              extra={t('targetUi.create.regionHint')}
              rules={[rule('region')]}
            >
              <RegionPicker
                photo={{
                  id: chosen.id,
                  inspectionId: chosen.inspectionId,
                  width: chosen.width,
                  height: chosen.height,
                  previewUrl: chosen.previewUrl,
                }}
              />
            </Form.Item>
          ) : null}
        </Col>
        <Col xs={24} md={10}>
          <Form.Item name="type" label={t('targetUi.create.type')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'physical', label: t('targetUi.type.physical') },
                { value: 'virtual', label: t('targetUi.type.virtual') },
              ]}
              data-testid="target-type"
            />
          </Form.Item>
          {type === 'physical' && (
            <Form.Item name="marker" label={t('targetUi.create.marker')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'aruco', label: t('targetUi.marker.aruco') },
                  { value: 'circle', label: t('targetUi.marker.circle') },
                ]}
                data-testid="target-marker"
              />
            </Form.Item>
          )}
          {type === 'physical' && marker === 'aruco' && (
            <>
              <Form.Item name="dictionary" label={t('targetUi.create.dictionary')} rules={[rule('dictionary')]}>
                <Select
                  options={ARUCO_DICTIONARY_NAMES.map((name) => ({ value: name, label: name }))}
                  data-testid="target-dictionary"
                />
              </Form.Item>
              <Form.Item name="markerId" label={t('targetUi.create.markerId')} required rules={[rule('markerId')]}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} data-testid="target-marker-id" />
              </Form.Item>
            </>
          )}
          <Form.Item name="name" label={t('targetUi.create.name')} required rules={[rule('name')]}>
            <Input maxLength={100} data-testid="target-name" />
          </Form.Item>
          <Form.Item name="thresholdMm" label={t('targetUi.create.threshold')} required rules={[rule('thresholdMm')]}>
            <InputNumber step={0.001} style={{ width: '100%' }} data-testid="target-threshold" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

import { useState } from 'react';
import { Alert, Card, Flex, Result, Segmented, Spin, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { type PhotoCompareMode, type PhotoCompareProblem, checkPhotoComparison } from '@sightline/shared';
import { useInspectionInfos } from '../../../api/inspections';
import { getToken } from '../../../api/token';
import { SignInRequired } from '../../../components/SignInRequired';
import { photoComparePath, photoCompareQuery } from '../../../lib/photo-compare-paths';
import { useComparedPhotos, useImageHistory } from '../api';
import { Compare2d } from '../components/Compare2d';
import { Compare3d } from '../components/Compare3d';
import { CompareCandidates } from '../components/CompareCandidates';

/**
 * /imgcompare?mode=2d|3d&images=<id>,<id> (SPEC sections 2 and 5): photos of one place from several inspections side
 * by side. The choice lives in the query (a comparison can be kept as a link) and is checked by the shared rule
 * (packages/shared/src/photo-compare.ts) before anything is drawn; each broken rule is said in words.
 */
export default function PhotoComparePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { mode, imageIds } = photoCompareQuery(params);
  const [locked, setLocked] = useState(true);
  const photos = useComparedPhotos(imageIds);
  const history = useImageHistory(imageIds[0] ?? null);

  const loaded = photos.flatMap((query) => (query.data ? [query.data] : []));
  const missing = imageIds.filter((_id, index) => photos[index]?.isError);
  const inspections = useInspectionInfos([...new Set(loaded.map((photo) => photo.inspectionId))]);
  const inspectionNames = new Map(
    inspections.flatMap((query) => (query.data ? [[query.data.id, query.data.name]] : [])),
  );
  const labels = loaded.map((photo) =>
    t('photoCompare.photo', {
      inspection:
        inspectionNames.get(photo.inspectionId) ?? t('photoCompare.unknownInspection', { id: photo.inspectionId }),
      name: photo.name,
    }),
  );

  if (!getToken()) {
    return (
      <SignInRequired
        title={t('photoCompare.signInTitle')}
        hint={t('photoCompare.signInHint')}
        action={t('photoCompare.signIn')}
        testId="compare"
      />
    );
  }
  if (imageIds.length === 0) {
    return (
      <Result
        status="info"
        title={t('photoCompare.missing')}
        subTitle={t('photoCompare.missingHint')}
        data-testid="compare-missing"
      />
    );
  }

  // Through the path, not URLSearchParams, which would write the commas of the list as %2C.
  const choose = (nextMode: PhotoCompareMode, ids: readonly number[]) => void navigate(photoComparePath(nextMode, ids));
  const toggle = (imageId: number) =>
    choose(mode, imageIds.includes(imageId) ? imageIds.filter((id) => id !== imageId) : [...imageIds, imageId]);
  const settled = photos.every((query) => !query.isPending);
  const problems: PhotoCompareProblem[] = settled && missing.length === 0 ? checkPhotoComparison(mode, loaded) : [];
  const ready = settled && missing.length === 0 && problems.length === 0;

  return (
    <Flex
      gap={16}
      style={{ height: 'calc(100vh - 112px)', minHeight: 480 }}
      data-testid="compare-page"
      data-mode={mode}
    >
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={12} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('photoCompare.title')}
          </Typography.Title>
          <Segmented
            value={mode}
            options={[
              { value: '2d', label: t('photoCompare.mode2d') },
              { value: '3d', label: t('photoCompare.mode3d') },
            ]}
            onChange={(value) => choose(value as PhotoCompareMode, imageIds)}
            data-testid="compare-mode"
          />
          {mode === '2d' && (
            <Flex align="center" gap={6}>
              <Switch checked={locked} onChange={setLocked} data-testid="compare-lock" />
              <Typography.Text>{t('photoCompare.lock')}</Typography.Text>
            </Flex>
          )}
        </Flex>
        {missing.map((id) => (
          <Alert
            key={id}
            type="error"
            showIcon
            title={t('photoCompare.notFound', { id })}
            data-testid="compare-not-found"
          />
        ))}
        {problems.map((problem) => (
          <Alert
            key={problem.key}
            type="warning"
            showIcon
            title={t(`photoCompare.rule.${problem.key}`, problem)}
            data-testid="compare-problem"
            data-key={problem.key}
          />
        ))}
        <div style={{ flex: 1, minHeight: 0 }}>
          {!settled && (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin size="large" />
            </Flex>
          )}
          {ready && mode === '2d' && <Compare2d photos={loaded} labels={labels} locked={locked} />}
          {ready && mode === '3d' && <Compare3d photos={loaded} labels={labels} />}
        </div>
      </Flex>
      <Card size="small" title={t('photoCompare.candidates')} style={{ width: 300, overflow: 'auto' }}>
        {history.isPending ? (
          <Spin />
        ) : (
          <CompareCandidates groups={history.data ?? []} chosen={imageIds} onToggle={toggle} />
        )}
      </Card>
    </Flex>
  );
}

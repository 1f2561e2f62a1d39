import { Suspense, lazy } from 'react';
import { Button, Card, Drawer, Empty, Flex, Result, Spin, Tag, Tooltip, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { HistoryChain } from '@sightline/shared';
import { usePhotoDetail } from '../../../api/photo-files';
import { DefectCrop } from '../../../components/DefectPhoto';
import { SIZE_DIMENSIONS, formatSize } from '../../../lib/defect-sizes';
import { photoComparePath } from '../../../lib/photo-compare-paths';
import { useChainDefect, useDefectChain } from '../api';
import { KIND_COLOURS, SIZE_LABEL, chainComparePhotos, formatDelta } from '../history-display';

const SizeChart = lazy(() => import('./SizeChart'));
const CROP_WIDTH = 200;

/** One inspection's defect of the chain: its photo around it, its inspection, sizes and change against the one before. */
function ChainEntry({ entry }: { entry: HistoryChain['chain'][number] }) {
  const { t } = useTranslation();
  const details = useChainDefect(entry.defect.id);
  const image = usePhotoDetail(entry.defect.imageId).data;
  const defect = details.data?.defect;
  return (
    <Card
      size="small"
      style={{ width: CROP_WIDTH + 26, flexShrink: 0 }}
      title={
        <Tooltip title={entry.inspection.name}>
          <span>{entry.inspection.inspectionDate}</span>
        </Tooltip>
      }
      extra={<Typography.Text type="secondary">{entry.defect.code}</Typography.Text>}
      data-testid="history-chain-entry"
      data-defect-id={entry.defect.id}
    >
      <Flex vertical gap={8}>
        {defect && image ? <DefectCrop defect={defect} image={image} width={CROP_WIDTH} /> : <Spin />}
        <Typography.Text ellipsis>{entry.inspection.name}</Typography.Text>
        {SIZE_DIMENSIONS.filter((dimension) => entry.defect.size[dimension] !== null).map((dimension) => (
          <Typography.Text key={dimension} type="secondary">
            {t(SIZE_LABEL[dimension])}: {formatSize(entry.defect.size[dimension], dimension)}{' '}
            {formatDelta(entry.delta?.[dimension], dimension)}
          </Typography.Text>
        ))}
        <span>
          <Tag color={entry.changeKind ? KIND_COLOURS[entry.changeKind] : undefined}>
            {entry.changeKind ? t(`historyUi.kind.${entry.changeKind}`) : t('historyUi.chain.firstSeen')}
          </Tag>
        </span>
      </Flex>
    </Card>
  );
}

/**
 * A defect's chain across every inspection (SPEC section 2, defect evolution analysis): oldest first, each with its
 * photo around the defect side by side, its sizes over time as a chart, and the chain's newest photos opened in the
 * 2D photo comparison.
 */
export function ChainDrawer({ defectId, code, onClose }: { defectId: number; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chain = useDefectChain(defectId);
  const entries = chain.data?.chain ?? [];
  const photos = chainComparePhotos(entries);

  return (
    <Drawer
      open
      width="min(960px, 100vw)"
      onClose={onClose}
      title={t('historyUi.chain.title', { code })}
      data-testid="history-chain-drawer"
      data-defect-id={defectId}
      extra={
        photos.length > 0 && (
          <Tooltip title={t('historyUi.chain.comparePhotosHint', { count: photos.length })}>
            <Button
              icon={<PictureOutlined />}
              onClick={() => void navigate(photoComparePath('2d', photos))}
              data-testid="history-chain-compare"
            >
              {t('historyUi.chain.comparePhotos')}
            </Button>
          </Tooltip>
        )
      }
    >
      {chain.isError ? (
        <Result status="warning" title={t('historyUi.chain.loadFailed')} data-testid="history-chain-failed" />
      ) : chain.isPending ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : entries.length === 0 ? (
        <Empty description={t('historyUi.chain.empty')} />
      ) : (
        <Flex vertical gap={16}>
          <div>
            <Typography.Title level={5}>{t('historyUi.chain.photos')}</Typography.Title>
            <Flex gap={12} style={{ overflowX: 'auto', paddingBottom: 8 }} data-testid="history-chain-photos">
              {entries.map((entry) => (
                <ChainEntry key={entry.defect.id} entry={entry} />
              ))}
            </Flex>
          </div>
          <div>
            <Typography.Title level={5}>{t('historyUi.chain.sizes')}</Typography.Title>
            <Suspense fallback={<Spin />}>
              <SizeChart chain={entries} />
            </Suspense>
          </div>
        </Flex>
      )}
    </Drawer>
  );
}

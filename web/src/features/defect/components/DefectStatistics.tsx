import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Col, Drawer, Row, Statistic, Table } from 'antd';
import { BarChartOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DefectFilter } from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { useDefectStatistics } from '../analysis-api';
import { levelKey } from '../defect-display';
import { TypeDot } from './TypeDot';

type CountRow = { key: string; label: ReactNode; count: number };

/** Counts by one criterion, named once, by the head of its first column. */
function CountTable({ title, rows, testId }: { title: string; rows: CountRow[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Table<CountRow>
      size="small"
      style={{ marginBottom: 16 }}
      rowKey="key"
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      locale={{ emptyText: t('defectAnalysis.statistics.empty') }}
      columns={[
        { dataIndex: 'label', title },
        { dataIndex: 'count', title: t('defectAnalysis.statistics.count'), align: 'right', width: 90 },
      ]}
      data-testid={testId}
    />
  );
}

/**
 * Counts of the inspection's defects by type, level and component (SPEC section 7, `/space/find/*`), with the list's
 * filters and its damage filter range, whose hidden defects are said and not counted.
 */
export function DefectStatistics({ filter }: { filter: DefectFilter }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const statistics = useDefectStatistics(filter, open);
  const data = statistics.data;

  const rows = useMemo(() => {
    if (!data) return null;
    return {
      type: data.byType.items.map((item) => ({
        key: String(item.typeId),
        label: (
          <span>
            <TypeDot color={item.color} /> {defectTypeLabel({ name: item.name, nameKey: item.nameKey, code: null })}
          </span>
        ),
        count: item.count,
      })),
      level: data.byLevel.items.map((item) => ({
        key: String(item.level),
        label: `${item.level} · ${t(levelKey(item.level))}`,
        count: item.count,
      })),
      component: data.byComponent.items.map((item) => ({
        key: String(item.markerId ?? 'none'),
        label: item.markerName ?? t('defectAnalysis.statistics.unbound'),
        count: item.count,
      })),
    };
  }, [data, t]);

  return (
    <>
      <Button
        size="small"
        icon={<BarChartOutlined />}
        onClick={() => setOpen(true)}
        data-testid="defect-statistics-open"
      >
        {t('defectAnalysis.statistics.button')}
      </Button>
      <Drawer
        open={open}
        width={560}
        title={t('defectAnalysis.statistics.title')}
        onClose={() => setOpen(false)}
        loading={statistics.isLoading}
      >
        {data && rows && (
          <>
            <Row gutter={16} style={{ marginBottom: 12 }}>
              <Col>
                <Statistic
                  title={t('defectAnalysis.statistics.total')}
                  value={data.byType.total}
                  data-testid="defect-statistics-total"
                />
              </Col>
            </Row>
            {data.byType.hiddenCount > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={t('defectAnalysis.statistics.hidden', { count: data.byType.hiddenCount })}
              />
            )}
            <CountTable title={t('defectAnalysis.statistics.byType')} rows={rows.type} testId="defect-count-type" />
            <CountTable title={t('defectAnalysis.statistics.byLevel')} rows={rows.level} testId="defect-count-level" />
            <CountTable
              title={t('defectAnalysis.statistics.byComponent')}
              rows={rows.component}
              testId="defect-count-component"
            />
          </>
        )}
      </Drawer>
    </>
  );
}

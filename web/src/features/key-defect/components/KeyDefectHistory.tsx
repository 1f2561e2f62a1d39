import { useState } from 'react';
import { Modal, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  KEY_DEFECT_HISTORY_FIELDS,
  type DefectType,
  type KeyDefect,
  type KeyDefectHistoryEntry,
} from '@sightline/shared';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { useKeyDefectHistory } from '../api';

type Field = (typeof KEY_DEFECT_HISTORY_FIELDS)[number];
const FIELDS: readonly string[] = KEY_DEFECT_HISTORY_FIELDS;

/** A recorded value as a person reads it: a type by its name, a graph by its point count. */
function useShowValue(types: ReadonlyMap<number, DefectType>) {
  const { t } = useTranslation();
  return (field: Field, value: unknown): string => {
    if (value === null || value === undefined) return '—';
    if (field === 'typeId' && typeof value === 'number') {
      const type = types.get(value);
      return type ? defectTypeLabel(type) : String(value);
    }
    if (field === 'graph' && typeof value === 'object' && value !== null && 'positions' in value) {
      const positions = (value as { positions: unknown[] }).positions;
      return t('keyDefectUi.points', { count: positions.length });
    }
    return String(value);
  };
}

/** A key defect's history: who changed what and when, newest first, paged (kept after its deletion too). */
export function KeyDefectHistory({
  keyDefect,
  types,
  onClose,
}: {
  keyDefect: KeyDefect | null;
  types: ReadonlyMap<number, DefectType>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const history = useKeyDefectHistory(keyDefect?.id ?? null, pageNum);
  const show = useShowValue(types);
  return (
    <Modal
      open={keyDefect !== null}
      title={`${t('keyDefectUi.history')} · ${keyDefect?.name ?? ''}`}
      footer={null}
      width={720}
      onCancel={() => {
        setPageNum(1);
        onClose();
      }}
      destroyOnHidden
    >
      <Table<KeyDefectHistoryEntry>
        rowKey="id"
        size="small"
        loading={history.isLoading}
        dataSource={history.data?.records ?? []}
        data-testid="key-defect-history"
        locale={{ emptyText: t('keyDefectUi.historyEmpty') }}
        pagination={{
          current: pageNum,
          pageSize: 10,
          total: history.data?.total ?? 0,
          onChange: setPageNum,
          hideOnSinglePage: true,
        }}
        columns={[
          {
            title: t('keyDefectUi.updatedAt'),
            dataIndex: 'createdAt',
            render: (at: string) => new Date(at).toLocaleString(),
          },
          { title: t('keyDefectUi.createdBy'), dataIndex: 'userName', render: (name: string | null) => name ?? '—' },
          {
            title: t('keyDefectUi.actions'),
            dataIndex: 'action',
            render: (action: KeyDefectHistoryEntry['action']) => <Tag>{t(`keyDefectUi.historyActions.${action}`)}</Tag>,
          },
          {
            title: '',
            key: 'changes',
            render: (_, entry) =>
              Object.entries(entry.changes)
                .filter(([field]) => FIELDS.includes(field))
                .map(([field, change]) => (
                  <Typography.Paragraph key={field} style={{ margin: 0 }}>
                    <Typography.Text strong>{t(`keyDefectUi.historyFields.${field as Field}`)}</Typography.Text>
                    {': '}
                    {entry.action !== 'create' && `${show(field as Field, change.from)} → `}
                    {entry.action !== 'delete' && show(field as Field, change.to)}
                  </Typography.Paragraph>
                )),
          },
        ]}
      />
    </Modal>
  );
}

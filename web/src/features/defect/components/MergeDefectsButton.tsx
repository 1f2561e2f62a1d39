import { App as AntdApp, Button, Tooltip, type ButtonProps } from 'antd';
import { MergeCellsOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../../session/permissions';
import { useMergeDefects } from '../analysis-api';

/**
 * Merges the selected defects into one (SPEC section 4) after a confirmation: the server refuses defects of other
 * photos, types or shapes, or that do not meet, with its translated message; the old ones are deleted.
 */
export function MergeDefectsButton({ ids, onMerged }: { ids: number[]; onMerged: () => void }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const canEdit = usePermission('defect:edit');
  const merge = useMergeDefects();
  if (!canEdit) return null;

  const confirm = () =>
    modal.confirm({
      title: t('defectAnalysis.merge.title'),
      content: t('defectAnalysis.merge.confirm', { count: ids.length }),
      okText: t('defectAnalysis.merge.ok'),
      okButtonProps: { danger: true, 'data-testid': 'defect-merge-ok' } as ButtonProps,
      onOk: () =>
        merge.mutateAsync(ids).then(
          (merged) => {
            void message.success(t('defectAnalysis.merge.done', { code: merged.code }));
            onMerged();
          },
          // The client's toast has said why; the dialog closes.
          () => undefined,
        ),
    });

  return (
    <Tooltip title={t('defectAnalysis.merge.hint')}>
      <Button
        size="small"
        icon={<MergeCellsOutlined />}
        disabled={ids.length < 2}
        loading={merge.isPending}
        onClick={confirm}
        data-testid="defect-merge"
      >
        {t('defectAnalysis.merge.button')}
      </Button>
    </Tooltip>
  );
}

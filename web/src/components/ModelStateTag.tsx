import { Flex, Progress, Tag, Tooltip } from 'antd';
import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  CloudUploadOutlined,
  MinusCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelState } from '@sightline/shared';
import { translate } from '../i18n';

const LOOK: Record<ModelState, { color: string; icon: ReactNode }> = {
  none: { color: 'default', icon: <MinusCircleOutlined /> },
  uploading: { color: 'processing', icon: <CloudUploadOutlined /> },
  unzipping: { color: 'processing', icon: <SyncOutlined spin /> },
  done: { color: 'success', icon: <CheckCircleOutlined /> },
  failed: { color: 'error', icon: <CloseCircleOutlined /> },
};

/** The model's state on a card or a page: none, uploading, unzipping (with progress), done, failed. */
export function ModelStateTag({
  state,
  progress,
  errorKey,
}: {
  state: ModelState;
  /** Unzip progress 0..1 when known (from the event stream). */
  progress?: number | null;
  errorKey?: string | null;
}) {
  const { t } = useTranslation();
  const look = LOOK[state];
  const tag = (
    <Tag
      color={look.color}
      icon={look.icon}
      style={{ marginInlineEnd: 0 }}
      data-testid="model-state"
      data-state={state}
    >
      {t(`projectUi.modelState.${state}`)}
    </Tag>
  );
  if (state === 'unzipping' && typeof progress === 'number') {
    return (
      <Flex align="center" gap={8} style={{ minWidth: 0 }}>
        {tag}
        <Progress percent={Math.round(progress * 100)} size="small" style={{ width: 90, margin: 0 }} />
      </Flex>
    );
  }
  if (state === 'failed' && errorKey) {
    return <Tooltip title={translate(`errors.${errorKey}`)}>{tag}</Tooltip>;
  }
  return tag;
}

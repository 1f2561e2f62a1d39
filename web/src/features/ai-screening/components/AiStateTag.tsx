import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AiImageState } from '@sightline/shared';

const COLOURS: Record<AiImageState, string | undefined> = {
  pending: 'processing',
  damage: 'warning',
  clean: 'success',
  abnormal: 'error',
};

/** A photo's AI result as a tag; no result yet reads "not detected". */
export function AiStateTag({ state }: { state: AiImageState | null }) {
  const { t } = useTranslation();
  return (
    <Tag color={state ? COLOURS[state] : undefined} data-testid="ai-image-state" data-state={state ?? 'none'}>
      {t(`aiUi.aiStates.${state ?? 'none'}`)}
    </Tag>
  );
}

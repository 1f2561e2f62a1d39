import { Alert, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Over a 3D view whose model is loading, a spinner; over one whose model failed to load, a warning (leaving
 * `failedRight` pixels free on the right for the tools there).
 */
export function SceneLoadState({ state, failedRight = 12 }: { state: string; failedRight?: number }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <Flex
        align="center"
        justify="center"
        style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
        role="status"
        aria-label={t('viewer.loading')}
      >
        <Spin size="large" description={t('viewer.loading')}>
          <div style={{ width: 1, height: 48 }} />
        </Spin>
      </Flex>
    );
  }
  if (state !== 'failed') return null;
  return (
    <Alert
      type="warning"
      showIcon
      title={t('viewer.loadFailed')}
      style={{ position: 'absolute', top: 12, left: 12, right: failedRight }}
      data-testid="viewer-load-failed"
    />
  );
}

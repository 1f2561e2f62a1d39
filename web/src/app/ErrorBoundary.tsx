import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { showToast } from '../api/notifier';
import { translate } from '../i18n';
import { isChunkLoadError } from './chunk-load';

interface Props {
  children: ReactNode;
  /** A change of this value (the path) clears the error, so navigating away recovers. */
  resetKey?: string;
}

interface State {
  error: unknown;
}

/** Catches render errors and script chunks that failed to load (SPEC section 8: chunk-load error message). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (isChunkLoadError(error)) showToast('error', translate('ui.app.chunkLoadError'));
    else console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <Result
        status={chunk ? 'warning' : 'error'}
        title={translate(chunk ? 'ui.app.chunkLoadError' : 'ui.app.renderError')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {translate('ui.app.reload')}
          </Button>
        }
      />
    );
  }
}

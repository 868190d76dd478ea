import { Component, type ReactNode } from 'react';
import { Button, PageHeading, useT, type RemoteName } from '@fu/shared';
import { reportRemoteError } from './errorReports';
import { RemoteLoadError } from './remotes';

interface Props {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error?: Error;
}

/** Keeps a failing remote inside the layout: the header, footer and other routes keep working. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    // A remote that failed to load was reported by loadRemoteApp; this is one that failed to render.
    if (!(error instanceof RemoteLoadError)) reportRemoteError(this.props.remote, 'render', error);
  }

  retry = () => {
    this.setState({ error: undefined });
    this.props.onRetry();
  };

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return <RemoteFallback remote={this.props.remote} error={error} onRetry={this.retry} />;
  }
}

/** What a failed remote leaves in its place (a function component: the words need the page's language). */
function RemoteFallback({ remote, error, onRetry }: { remote: RemoteName; error: Error; onRetry: () => void }) {
  const t = useT();
  return (
    <main className="page" data-remote-fallback={remote}>
      <PageHeading title={t('shell.remoteFailed.title')}>{t('shell.remoteFailed.title')}</PageHeading>
      <p>{t('shell.remoteFailed.body')}</p>
      {/* The spec's message for a chunk that did not load (§9), in the page's language. */}
      <p role="alert">
        {error instanceof RemoteLoadError ? t('shell.remoteFailed.chunk', { chunk: error.chunk }) : error.message}
      </p>
      <Button onClick={onRetry}>{t('shell.remoteFailed.retry')}</Button>
    </main>
  );
}

import { Component, type ReactNode } from 'react';
import { Button, PageHeading, type RemoteName } from '@fu/shared';
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
    return (
      <main className="page" data-remote-fallback={this.props.remote}>
        <PageHeading title="This page is taking a break">This page is taking a break</PageHeading>
        <p>We could not load this part of the site. Check your connection, then try again.</p>
        <p role="alert">{error.message}</p>
        <Button onClick={this.retry}>Retry</Button>
      </main>
    );
  }
}

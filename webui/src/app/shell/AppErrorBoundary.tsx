import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RENDER_FAILURE_TEXT } from './RouteError';

/** Last-resort boundary around the whole app (providers included); plain markup on purpose. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div role="alert" style={{ padding: 32, textAlign: 'center', fontFamily: 'system-ui, sans-serif' }}>
          {RENDER_FAILURE_TEXT}
        </div>
      );
    }
    return this.props.children;
  }
}

// A page that fails while rendering, or whose code cannot be loaded, shows the error page in its
// place instead of leaving an empty window; going to another address tries again.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorPage } from '@/features/auth/ErrorPage.tsx';
import { AuthFrame } from '@/shell/AuthFrame.tsx';

interface Props {
  /** The address: a new one clears the failure. */
  resetKey: string;
  children: ReactNode;
}

export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Sayfa gösterilemedi.', error, info.componentStack);
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <ErrorPage frame={AuthFrame} /> : this.props.children;
  }
}

const RELOADED_AT = 'reloadedForMissingCode';
/** How long after such a reload a second failure is shown instead of reloading again. */
const RELOAD_GRACE_MS = 30_000;

/** Code that cannot be loaded (mostly: a new version replaced the files of the open one) makes
 *  Vite emit `vite:preloadError`: the page reloads once into the new version; a second failure
 *  soon after is left to throw, and the boundary above shows the error page. */
export function reloadOnMissingCode(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < RELOAD_GRACE_MS) return;
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
}

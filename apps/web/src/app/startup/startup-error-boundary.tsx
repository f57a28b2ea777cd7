import { Component, type ErrorInfo, type ReactNode } from "react";
import {
  chunkReloadAllowed,
  isChunkLoadError,
  reloadForChunkError,
} from "../../components/layout/route-error";
import { CrashScreen } from "./crash-screen";

interface State {
  error: unknown;
  reloading: boolean;
}

/**
 * Catches what start-up could not render: a screen's chunk that failed to load reloads the
 * page once (SH-ERR-019), anything else shows that the console could not start.
 */
export class StartupErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, reloading: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, reloading: isChunkLoadError(error) && chunkReloadAllowed() };
  }

  override componentDidCatch(_error: unknown, _info: ErrorInfo): void {
    if (this.state.reloading) reloadForChunkError();
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return <CrashScreen reloading={this.state.reloading} />;
  }
}

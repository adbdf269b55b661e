import { Component, Suspense, type ReactNode } from 'react';

type Props = { children: ReactNode };
type State = { failed: boolean };

/**
 * A lazily loaded part of a screen that the screen works without (the list's create button, say): while its
 * code loads nothing is shown, and when the code cannot be fetched (offline, and the worker had not kept it)
 * the part stays out instead of replacing the screen with the route's error (React keeps a lazy part's failure:
 * it comes back with the next visit online).
 */
export class OptionalPart extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return null;
    return <Suspense fallback={null}>{this.props.children}</Suspense>;
  }
}

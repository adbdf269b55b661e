import type { EditorState } from '../model/editor-state';
import type { Pixels } from '../model/image-filters';
import type { EditorEvent, ToolContext } from './tool-types';

export type Listener = () => void;
export type EventListener = (event: EditorEvent) => void;

/** Hooks the host provides; the defaults keep the store usable without a canvas. */
export interface StoreHost {
  defaultText(): string;
  readBackgroundPixels(): Pixels | null;
}

/** Holds the editor state for React (useSyncExternalStore) and implements the tools' context. */
export class EditorStore implements ToolContext {
  private state: EditorState;
  private readonly listeners = new Set<Listener>();
  private readonly eventListeners = new Set<EventListener>();
  private counter = 0;
  host: StoreHost;

  constructor(initial: EditorState, host: StoreHost) {
    this.state = initial;
    this.host = host;
  }

  getState = (): EditorState => this.state;

  setState = (next: EditorState): void => {
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  };

  update = (change: (state: EditorState) => EditorState): void => {
    this.setState(change(this.state));
  };

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  onEvent = (listener: EventListener): (() => void) => {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  };

  emit = (event: EditorEvent): void => {
    for (const listener of this.eventListeners) listener(event);
  };

  /** Ids must not collide with shapes loaded from a saved markup, hence the time component. */
  newId = (prefix: string): string => {
    this.counter += 1;
    return `${prefix}-${Date.now().toString(36)}-${this.counter}`;
  };

  defaultText = (): string => this.host.defaultText();

  readBackgroundPixels = (): Pixels | null => this.host.readBackgroundPixels();
}

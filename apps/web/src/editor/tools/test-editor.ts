import type { EditorOptions, EditorState, ToolId } from '../model/editor-state';
import { screenPoint } from '../model/geometry';
import type { Pixels } from '../model/image-filters';
import { EditorController } from './editor-controller';
import type { EditorEvent, EditorEventType, EditorPointer, PointerTarget } from './tool-types';

export interface PointerOptions {
  readonly button?: number;
  readonly target?: PointerTarget;
  readonly shiftKey?: boolean;
  readonly pointerType?: EditorPointer['pointerType'];
}

export interface TestEditorOptions extends Partial<EditorOptions> {
  readonly defaultText?: string;
  readonly pixels?: Pixels | null;
}

type Point = readonly [number, number];

/**
 * Drives the editor with synthetic pointer, wheel, touch and key events, the way tldraw's TestEditor does.
 * By default the page and the view are 1000 × 800, so screen and page coordinates coincide at scale 1.
 */
export class TestEditor {
  readonly controller: EditorController;
  readonly events: EditorEvent[] = [];

  constructor(options: TestEditorOptions = {}) {
    const size = { width: 1000, height: 800 };
    this.controller = new EditorController(
      { pageSize: size, viewSize: size, ...options },
      {
        defaultText: () => options.defaultText ?? 'Digite aqui',
        readBackgroundPixels: () => options.pixels ?? null,
      },
    );
    this.controller.store.onEvent((event) => this.events.push(event));
  }

  get state(): EditorState {
    return this.controller.state;
  }

  eventsOf<T extends EditorEventType>(type: T): Array<Extract<EditorEvent, { type: T }>> {
    return this.events.filter((event): event is Extract<EditorEvent, { type: T }> => event.type === type);
  }

  private pointer([x, y]: Point, options: PointerOptions): EditorPointer {
    return {
      screen: screenPoint(x, y),
      button: options.button ?? 0,
      pointerType: options.pointerType ?? 'mouse',
      target: options.target ?? { kind: 'background' },
      shiftKey: options.shiftKey ?? false,
    };
  }

  tool(tool: ToolId): this {
    this.controller.selectTool(tool);
    return this;
  }

  down(at: Point, options: PointerOptions = {}): this {
    this.controller.pointer.down(this.pointer(at, options));
    return this;
  }

  move(at: Point, options: PointerOptions = {}): this {
    this.controller.pointer.move(this.pointer(at, options));
    return this;
  }

  up(at: Point, options: PointerOptions = {}): this {
    this.controller.pointer.up(this.pointer(at, options));
    return this;
  }

  /** Press, move in a few steps, release; the target applies to the press only. */
  drag(from: Point, to: Point, options: PointerOptions = {}): this {
    this.down(from, options);
    const moveOptions = { ...options, target: { kind: 'background' } as const };
    for (const fraction of [0.25, 0.5, 0.75, 1]) {
      this.move(
        [from[0] + (to[0] - from[0]) * fraction, from[1] + (to[1] - from[1]) * fraction],
        moveOptions,
      );
    }
    return this.up(to, moveOptions);
  }

  click(at: Point, options: PointerOptions = {}): this {
    return this.down(at, options).up(at, { ...options, target: { kind: 'background' } });
  }

  doubleClick(at: Point, options: PointerOptions = {}): this {
    this.controller.pointer.doubleClick(this.pointer(at, options));
    return this;
  }

  wheel(deltaY: number, at: Point = [500, 400]): this {
    this.controller.wheel.wheel(deltaY, screenPoint(at[0], at[1]));
    return this;
  }

  key(
    key: string,
    modifiers: { ctrl?: boolean; shift?: boolean; meta?: boolean; alt?: boolean } = {},
  ): boolean {
    return this.controller.key({
      key,
      ctrlKey: modifiers.ctrl ?? false,
      shiftKey: modifiers.shift ?? false,
      metaKey: modifiers.meta ?? false,
      altKey: modifiers.alt ?? false,
    });
  }

  touchStart(...points: Point[]): this {
    this.controller.touch.start(points.map(([x, y]) => screenPoint(x, y)));
    return this;
  }

  touchMove(...points: Point[]): this {
    this.controller.touch.move(points.map(([x, y]) => screenPoint(x, y)));
    return this;
  }

  touchEnd(remaining = 0): this {
    this.controller.touch.end(remaining);
    return this;
  }
}

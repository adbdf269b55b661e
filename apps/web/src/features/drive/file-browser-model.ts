/**
 * The state of a file list screen (the drive's governed documents and the project files: one concept, two views),
 * outside React: pure state, actions and a reducer, driven without a browser by file-browser-model.test.ts the way
 * the markup editor's model is by its TestEditor. `useFileBrowser` (use-file-browser.ts) reads it through one hook;
 * the view itself (search, filters, sort) lives in the address, each screen with its own parameters.
 */

/** A file a bulk action could not change, and why (an `errors:` code). */
export interface BulkFailure {
  fileId: number;
  code: string;
}

/**
 * A list screen: the rows listed so far (null until the first page), the chosen rows, the file whose versions are
 * open, the open dialog (`D`, what each screen asks about), whether an action is running and what the last bulk
 * action could not do. `reloads` counts reloads: a new count loads the list again.
 */
export interface FileBrowserState<F extends { id: number }, D> {
  readonly files: readonly F[] | null;
  readonly total: number;
  readonly failed: boolean;
  readonly reloads: number;
  readonly selected: ReadonlySet<number>;
  readonly opened: F | null;
  readonly dialog: D | null;
  readonly busy: boolean;
  readonly failures: readonly BulkFailure[];
}

export type FileBrowserAction<F extends { id: number }, D> =
  /** A view starts loading (a new view or a reload): a past failure is forgotten, the rows stay until page 1. */
  | { type: 'loadStarted' }
  /** A page of the view arrived: page 1 replaces the rows, the next ones are appended. */
  | { type: 'pageLoaded'; page: number; files: readonly F[]; total: number }
  | { type: 'loadFailed' }
  | { type: 'reload' }
  | { type: 'toggle'; id: number }
  /** Every listed row, or none when all are already chosen. */
  | { type: 'toggleAll' }
  | { type: 'select'; ids: readonly number[] }
  | { type: 'clearSelection' }
  | { type: 'open'; file: F }
  | { type: 'close' }
  | { type: 'openDialog'; dialog: D }
  | { type: 'closeDialog' }
  | { type: 'busy'; busy: boolean }
  /**
   * An action changed files on the server: the dialog closes and the list loads again. A bulk action reports what
   * failed: those rows stay chosen (to try again) and are listed with their reason.
   */
  | { type: 'changed'; failures?: readonly BulkFailure[] }
  | { type: 'clearFailures' };

export function emptyFileBrowser<F extends { id: number }, D>(): FileBrowserState<F, D> {
  return {
    files: null,
    total: 0,
    failed: false,
    reloads: 0,
    selected: new Set(),
    opened: null,
    dialog: null,
    busy: false,
    failures: [],
  };
}

/** The listed ids, in list order. */
export function listedIds(state: FileBrowserState<{ id: number }, unknown>): number[] {
  return (state.files ?? []).map((f) => f.id);
}

/**
 * The chosen rows, in list order. The selection only ever counts rows still listed: after a filter, a delete or a
 * reload, the ids that left the list are dropped.
 */
export function chosenIds(state: FileBrowserState<{ id: number }, unknown>): number[] {
  return listedIds(state).filter((id) => state.selected.has(id));
}

/** Whether every listed row is chosen (never for an empty list). */
export function allChosen(state: FileBrowserState<{ id: number }, unknown>): boolean {
  const listed = state.files?.length ?? 0;
  return listed > 0 && chosenIds(state).length === listed;
}

export function reduceFileBrowser<F extends { id: number }, D>(
  state: FileBrowserState<F, D>,
  action: FileBrowserAction<F, D>,
): FileBrowserState<F, D> {
  switch (action.type) {
    case 'loadStarted':
      return state.failed ? { ...state, failed: false } : state;
    case 'pageLoaded':
      return {
        ...state,
        files: action.page === 1 ? [...action.files] : [...(state.files ?? []), ...action.files],
        total: action.total,
      };
    case 'loadFailed':
      return { ...state, failed: true };
    case 'reload':
      return { ...state, reloads: state.reloads + 1 };
    case 'toggle': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { ...state, selected };
    }
    case 'toggleAll':
      return { ...state, selected: allChosen(state) ? new Set() : new Set(listedIds(state)) };
    case 'select':
      return { ...state, selected: new Set(action.ids) };
    case 'clearSelection':
      return { ...state, selected: new Set() };
    case 'open':
      return { ...state, opened: action.file };
    case 'close':
      return { ...state, opened: null };
    case 'openDialog':
      return { ...state, dialog: action.dialog };
    case 'closeDialog':
      return { ...state, dialog: null };
    case 'busy':
      return { ...state, busy: action.busy };
    case 'changed': {
      const next = { ...state, dialog: null, reloads: state.reloads + 1 };
      if (!action.failures) return next;
      return { ...next, failures: action.failures, selected: new Set(action.failures.map((f) => f.fileId)) };
    }
    case 'clearFailures':
      return { ...state, failures: [] };
  }
}

/** What a key pressed in the list does: ↑/↓/Home/End move, Escape clears the selection, Enter opens the row. */
export type ListKeyEffect =
  { type: 'focus'; index: number } | { type: 'clear' } | { type: 'open'; index: number };

/**
 * The effect of `key` pressed on the row `index` (-1 outside a row) of a list of `count` rows; `onCheckbox` when
 * the key came from the row's checkbox (Enter opens only from there). Null when the key does nothing.
 */
export function listKeyEffect(
  key: string,
  index: number,
  count: number,
  hasSelection: boolean,
  onCheckbox: boolean,
): ListKeyEffect | null {
  const clamp = (i: number) => Math.max(0, Math.min(count - 1, i));
  if (key === 'ArrowDown' || key === 'ArrowUp')
    return { type: 'focus', index: clamp(key === 'ArrowDown' ? index + 1 : index - 1) };
  if (key === 'Home' || key === 'End') return { type: 'focus', index: clamp(key === 'Home' ? 0 : count - 1) };
  if (key === 'Escape' && hasSelection) return { type: 'clear' };
  if (key === 'Enter' && index >= 0 && onCheckbox) return { type: 'open', index };
  return null;
}

/** One file of an upload panel's queue (the drive and the project files share the queue). */
export interface UploadItem<C> {
  key: string;
  file: File;
  /** What the screen found when the file was chosen (naming rule, extension, size…). */
  check: C;
  state: 'ready' | 'sending' | 'done' | 'failed';
  progress: number;
  error?: string;
  /** A note while the bytes are sent again after a dropped connection. */
  note?: string;
  fileId?: number;
  /** Where the bytes of the created record go (kept when sending failed, so a retry sends them there again). */
  upload?: { url: string; headers: Record<string, string> };
}

export type UploadAction<C> =
  /** Files chosen (each with its key and check): queued as ready; the ones already sent leave the queue. */
  | { type: 'add'; items: readonly { key: string; file: File; check: C }[] }
  | { type: 'patch'; key: string; change: Partial<UploadItem<C>> };

export function reduceUploads<C>(items: readonly UploadItem<C>[], action: UploadAction<C>): UploadItem<C>[] {
  switch (action.type) {
    case 'add':
      return [
        ...items.filter((i) => i.state !== 'done'),
        ...action.items.map((i) => ({ ...i, state: 'ready' as const, progress: 0 })),
      ];
    case 'patch':
      return items.map((i) => (i.key === action.key ? { ...i, ...action.change } : i));
  }
}

/** The files a "send" takes: every sendable one not sent yet (ready, or failed and so tried again). */
export function uploadsToSend<C>(items: readonly UploadItem<C>[], sendable: (check: C) => boolean) {
  return items.filter((i) => sendable(i.check) && (i.state === 'ready' || i.state === 'failed'));
}

/** How many failed, and whether a sendable file is still to be sent. */
export function uploadSummary<C>(items: readonly UploadItem<C>[], sendable: (check: C) => boolean) {
  return {
    failed: items.filter((i) => i.state === 'failed').length,
    pending: items.some((i) => sendable(i.check) && i.state !== 'done'),
  };
}

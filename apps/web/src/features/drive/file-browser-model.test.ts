import { describe, expect, it } from 'vitest';
import {
  allChosen,
  chosenIds,
  emptyFileBrowser,
  listKeyEffect,
  reduceFileBrowser,
  reduceUploads,
  uploadSummary,
  uploadsToSend,
  type FileBrowserAction,
  type FileBrowserState,
  type UploadAction,
  type UploadItem,
} from './file-browser-model.ts';

type Row = { id: number; name: string };
type Dialog = 'fields' | 'delete';

const row = (id: number): Row => ({ id, name: `doc-${id}.pdf` });
const rows = (...ids: number[]) => ids.map(row);

/** Drives a list screen's model the way a user's session does, without React or a browser. */
class TestFileBrowser {
  state: FileBrowserState<Row, Dialog> = emptyFileBrowser();

  do(...actions: FileBrowserAction<Row, Dialog>[]): this {
    for (const action of actions) this.state = reduceFileBrowser(this.state, action);
    return this;
  }

  /** A view (the whole list, a search, a filter) answered in pages of `size`. */
  showView(ids: number[], size = ids.length || 1): this {
    this.do({ type: 'loadStarted' });
    for (let page = 1; (page - 1) * size < Math.max(ids.length, 1); page++)
      this.do({
        type: 'pageLoaded',
        page,
        files: rows(...ids.slice((page - 1) * size, page * size)),
        total: ids.length,
      });
    return this;
  }

  get listed() {
    return this.state.files?.map((f) => f.id) ?? null;
  }

  get chosen() {
    return chosenIds(this.state);
  }
}

describe('file browser model: a session on the list', () => {
  it('loads a view page by page, searches, chooses rows, and keeps only listed rows chosen', () => {
    const list = new TestFileBrowser();
    expect(list.listed).toBeNull();
    list.showView([1, 2, 3, 4, 5, 6], 4);
    expect(list.listed).toEqual([1, 2, 3, 4, 5, 6]);
    expect(list.state.total).toBe(6);

    // Choose three, in any order: they are reported in list order.
    list.do({ type: 'toggle', id: 5 }, { type: 'toggle', id: 2 }, { type: 'toggle', id: 4 });
    expect(list.chosen).toEqual([2, 4, 5]);
    expect(allChosen(list.state)).toBe(false);
    list.do({ type: 'toggle', id: 4 });
    expect(list.chosen).toEqual([2, 5]);

    // "Select all" chooses every listed row; again, none.
    list.do({ type: 'toggleAll' });
    expect(list.chosen).toEqual([1, 2, 3, 4, 5, 6]);
    expect(allChosen(list.state)).toBe(true);
    list.do({ type: 'toggleAll' });
    expect(list.chosen).toEqual([]);

    // A search keeps the old rows until its first page arrives, then lists only its own.
    list.do({ type: 'toggle', id: 1 }, { type: 'toggle', id: 3 });
    list.do({ type: 'loadStarted' });
    expect(list.listed).toEqual([1, 2, 3, 4, 5, 6]);
    list.showView([3, 6]);
    expect(list.listed).toEqual([3, 6]);
    // The rows the search hid are no longer chosen; "select all" now means the two listed.
    expect(list.chosen).toEqual([3]);
    list.do({ type: 'toggleAll' });
    expect(list.chosen).toEqual([3, 6]);
    expect(allChosen(list.state)).toBe(true);

    // Escape (or "clear") empties the choice; an empty view never counts as all chosen.
    list.do({ type: 'clearSelection' });
    expect(list.chosen).toEqual([]);
    list.showView([]);
    expect(list.listed).toEqual([]);
    expect(allChosen(list.state)).toBe(false);
    list.do({ type: 'toggleAll' });
    expect(list.chosen).toEqual([]);
  });

  it('opens a file’s versions and closes them; a dialog opens and closes', () => {
    const list = new TestFileBrowser().showView([7, 8]);
    list.do({ type: 'open', file: row(8) });
    expect(list.state.opened).toEqual(row(8));
    list.do({ type: 'close' });
    expect(list.state.opened).toBeNull();
    list.do({ type: 'openDialog', dialog: 'fields' });
    expect(list.state.dialog).toBe('fields');
    list.do({ type: 'closeDialog' });
    expect(list.state.dialog).toBeNull();
  });

  it('after a bulk action: the dialog closes, the list reloads, the failed files stay chosen and are listed', () => {
    const list = new TestFileBrowser().showView([1, 2, 3, 4]);
    list.do({ type: 'toggleAll' }, { type: 'openDialog', dialog: 'delete' }, { type: 'busy', busy: true });
    expect(list.state.busy).toBe(true);
    const before = list.state.reloads;
    list.do({ type: 'changed', failures: [{ fileId: 3, code: 'FORBIDDEN' }] }, { type: 'busy', busy: false });
    expect(list.state.dialog).toBeNull();
    expect(list.state.busy).toBe(false);
    expect(list.state.reloads).toBe(before + 1);
    expect(list.state.failures).toEqual([{ fileId: 3, code: 'FORBIDDEN' }]);
    expect(list.chosen).toEqual([3]);
    // The reload answers without the deleted files; the failure stays shown until closed.
    list.showView([3]);
    expect(list.chosen).toEqual([3]);
    list.do({ type: 'clearFailures' });
    expect(list.state.failures).toEqual([]);
  });

  it('a change without failures (one file deleted) closes the dialog and reloads, leaving the choice alone', () => {
    const list = new TestFileBrowser().showView([1, 2]);
    list.do({ type: 'toggle', id: 1 }, { type: 'openDialog', dialog: 'delete' }, { type: 'changed' });
    expect(list.state.dialog).toBeNull();
    expect(list.state.reloads).toBe(1);
    expect(list.state.failures).toEqual([]);
    expect(list.chosen).toEqual([1]);
  });

  it('a failed load is reported, and forgotten when the view loads again', () => {
    const list = new TestFileBrowser();
    list.do({ type: 'loadStarted' }, { type: 'loadFailed' });
    expect(list.state.failed).toBe(true);
    expect(list.listed).toBeNull();
    list.do({ type: 'reload' });
    list.showView([1]);
    expect(list.state.failed).toBe(false);
    expect(list.listed).toEqual([1]);
  });
});

describe('file browser model: the keyboard in the list', () => {
  it('moves within the rows, clears a choice, and opens from a row’s checkbox', () => {
    expect(listKeyEffect('ArrowDown', 2, 5, false, true)).toEqual({ type: 'focus', index: 3 });
    expect(listKeyEffect('ArrowDown', 4, 5, false, true)).toEqual({ type: 'focus', index: 4 });
    expect(listKeyEffect('ArrowUp', 0, 5, false, true)).toEqual({ type: 'focus', index: 0 });
    expect(listKeyEffect('ArrowDown', -1, 5, false, false)).toEqual({ type: 'focus', index: 0 });
    expect(listKeyEffect('End', 1, 5, false, true)).toEqual({ type: 'focus', index: 4 });
    expect(listKeyEffect('Home', 3, 5, false, true)).toEqual({ type: 'focus', index: 0 });
    expect(listKeyEffect('Escape', 1, 5, true, true)).toEqual({ type: 'clear' });
    expect(listKeyEffect('Escape', 1, 5, false, true)).toBeNull();
    expect(listKeyEffect('Enter', 1, 5, false, true)).toEqual({ type: 'open', index: 1 });
    expect(listKeyEffect('Enter', 1, 5, false, false)).toBeNull();
    expect(listKeyEffect('Enter', -1, 5, false, true)).toBeNull();
    expect(listKeyEffect('a', 1, 5, false, true)).toBeNull();
  });
});

describe('file browser model: the upload queue', () => {
  type Check = { ok: boolean };
  const sendable = (check: Check) => check.ok;
  const file = (name: string) => new File(['x'], name);
  const run = (items: UploadItem<Check>[], ...actions: UploadAction<Check>[]) =>
    actions.reduce(reduceUploads, items);

  it('queues files, reports progress, a failure, a retry, and drops the sent ones when more are added', () => {
    let queue = run([], {
      type: 'add',
      items: [
        { key: 'a', file: file('a.pdf'), check: { ok: true } },
        { key: 'b', file: file('b.pdf'), check: { ok: true } },
        { key: 'c', file: file('c.exe'), check: { ok: false } },
      ],
    });
    expect(queue.map((i) => [i.key, i.state, i.progress])).toEqual([
      ['a', 'ready', 0],
      ['b', 'ready', 0],
      ['c', 'ready', 0],
    ]);
    // A refused file is listed but never sent.
    expect(uploadsToSend(queue, sendable).map((i) => i.key)).toEqual(['a', 'b']);
    expect(uploadSummary(queue, sendable)).toEqual({ failed: 0, pending: true });

    queue = run(
      queue,
      { type: 'patch', key: 'a', change: { state: 'sending', progress: 0 } },
      { type: 'patch', key: 'a', change: { progress: 0.5 } },
    );
    expect(queue[0]).toMatchObject({ state: 'sending', progress: 0.5 });
    queue = run(
      queue,
      { type: 'patch', key: 'a', change: { state: 'done', progress: 1 } },
      { type: 'patch', key: 'b', change: { state: 'sending', progress: 0.3 } },
      { type: 'patch', key: 'b', change: { state: 'failed', error: 'Connection lost' } },
    );
    expect(queue[1]).toMatchObject({ state: 'failed', error: 'Connection lost', progress: 0.3 });
    expect(uploadSummary(queue, sendable)).toEqual({ failed: 1, pending: true });
    // "Send" again takes the failed one only.
    expect(uploadsToSend(queue, sendable).map((i) => i.key)).toEqual(['b']);

    queue = run(queue, { type: 'patch', key: 'b', change: { state: 'done', progress: 1, error: undefined } });
    expect(uploadSummary(queue, sendable)).toEqual({ failed: 0, pending: false });
    queue = run(queue, { type: 'add', items: [{ key: 'd', file: file('d.pdf'), check: { ok: true } }] });
    expect(queue.map((i) => i.key)).toEqual(['c', 'd']);
  });
});

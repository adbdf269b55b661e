import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { StoredDrawing, StoredDrawingPage } from './drawing-store.ts';
import type { OutboxEntry } from './outbox.ts';

/**
 * The user's offline database (issue 34, docs/offline.md): one per user (`obra-offline-<userId>`), deleted at
 * sign-out. Version 1 held the outbox; version 2 adds the offline copy for reading: the answers of the screens'
 * own GraphQL queries as the server gave them to this user (`queries`), the projects kept (`projects`), and the
 * conflict reports of queued edits (`conflicts`). Version 3 adds the drawings kept offline (`drawings`: the viewer's
 * open answer of a document's current revision; `drawingPages`: its page previews, drawing-store.ts).
 */

/** One stored answer: `id` is the operation's name and its variables (read-exchange.ts `queryId`). */
export interface StoredQuery {
  id: string;
  name: string;
  /** The project the answer belongs to; null for the user's own (profile, project list). */
  projectId: number | null;
  data: unknown;
  storedAt: string;
  /** Its size in bytes (its JSON), for the budget. */
  bytes: number;
}

/** A project kept on this device: marked by the user (`offline`), or the last one opened. */
export interface OfflineProject {
  projectId: number;
  name: string;
  offline: boolean;
  last: boolean;
  /** When its copy was last made complete from the server (an explicit sync); null before. */
  syncedAt: string | null;
  /** The thumbnails kept in the file cache for it (their signed addresses), and their bytes. */
  files: string[];
  fileBytes: number;
}

/** A queued edit's changes the server's newer ones replaced (resolveQueuedEdit's `lost`), kept until dismissed. */
export interface ConflictReport {
  id?: number;
  projectId: number;
  issueId: number;
  /** Field by field: `status:<disciplineId>`, `deadline:<disciplineId>`; the user's value and the server's. */
  lost: { field: string; mine: unknown; server: unknown }[];
  at: string;
}

export interface OfflineSchema extends DBSchema {
  outbox: { key: number; value: OutboxEntry };
  queries: { key: string; value: StoredQuery; indexes: { projectId: number } };
  projects: { key: number; value: OfflineProject };
  conflicts: { key: number; value: ConflictReport; indexes: { issueId: number } };
  drawings: { key: string; value: StoredDrawing; indexes: { projectId: number } };
  drawingPages: { key: string; value: StoredDrawingPage; indexes: { drawingId: string } };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const databases = new Map<number, Promise<OfflineDb>>();

export function offlineDatabaseName(userId: number): string {
  return `obra-offline-${userId}`;
}

/** The name of the Cache Storage cache holding the user's offline thumbnails (the worker answers from it). */
export function offlineFilesCacheName(userId: number): string {
  return `obra-offline-files-${userId}`;
}

/** Whether this browser can keep an offline store (IndexedDB; absent in some private modes and in jsdom). */
export function offlineDbAvailable(): boolean {
  return typeof indexedDB !== 'undefined';
}

export function openOfflineDb(userId: number): Promise<OfflineDb> {
  let db = databases.get(userId);
  if (!db) {
    db = openDB<OfflineSchema>(offlineDatabaseName(userId), 3, {
      upgrade(database, oldVersion) {
        if (oldVersion < 1) database.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true });
        if (oldVersion < 2) {
          const queries = database.createObjectStore('queries', { keyPath: 'id' });
          queries.createIndex('projectId', 'projectId');
          database.createObjectStore('projects', { keyPath: 'projectId' });
          const conflicts = database.createObjectStore('conflicts', { keyPath: 'id', autoIncrement: true });
          conflicts.createIndex('issueId', 'issueId');
        }
        if (oldVersion < 3) {
          const drawings = database.createObjectStore('drawings', { keyPath: 'id' });
          drawings.createIndex('projectId', 'projectId');
          const pages = database.createObjectStore('drawingPages', { keyPath: 'id' });
          pages.createIndex('drawingId', 'drawingId');
        }
      },
    });
    databases.set(userId, db);
  }
  return db;
}

/** Deletes the user's whole offline store: outbox, offline copy, thumbnails (sign-out). */
export async function deleteOfflineDb(userId: number): Promise<void> {
  if (!offlineDbAvailable()) return;
  const db = databases.get(userId);
  databases.delete(userId);
  if (db) (await db).close();
  await deleteDB(offlineDatabaseName(userId));
  if (typeof caches !== 'undefined') await caches.delete(offlineFilesCacheName(userId));
}

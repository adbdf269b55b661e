/** The types of server-import-loops.mjs, for the architecture test that runs it. */

/** The server's source folder. */
export declare const SERVER_SRC: string;

/** A mutual folder pair [a, b], a < b, folders relative to the measured root. */
export type FolderPair = [string, string];

/** The import loops under `root` (the server's source by default). */
export declare function importLoops(
  root?: string,
  options?: { valuesOnly?: boolean },
): { files: number; pairs: FolderPair[]; cycles: string[][] };

/** The mutual pairs between two folders of modules/. */
export declare function modulePairs(pairs: FolderPair[]): FolderPair[];

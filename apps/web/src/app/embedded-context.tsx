import { createContext, useContext } from 'react';

/** Whether the app runs embedded in another tool. */
export const EmbeddedContext = createContext(false);

/** Reads the embedded flag. */
export function useEmbedded(): boolean {
  return useContext(EmbeddedContext);
}

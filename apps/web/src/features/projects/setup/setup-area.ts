import { createContext, useContext } from 'react';
import type { SetupAreaKind } from './setup-sections.ts';

/** Where a setup screen is shown: the area, and where its close icon leads. */
export interface SetupArea {
  kind: SetupAreaKind;
  closeTo: string;
}

const WORKSPACE: SetupArea = { kind: 'workspace', closeTo: '/workspace/home' };

/** Provided by the setup layout; a screen outside one behaves as the workspace's. */
export const SetupAreaContext = createContext<SetupArea>(WORKSPACE);

/** The setup area of the current screen. */
export function useSetupArea(): SetupArea {
  return useContext(SetupAreaContext);
}

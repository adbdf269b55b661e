import { describe, expect, it } from 'vitest';
import { detectEmbedded } from './embedding.ts';
import { rootRedirectTarget } from './root-redirect.ts';
import { safeReturnPath } from '../features/maintenance/maintenance-page.tsx';
import { BREAKPOINTS_PX, MEDIA } from './theme.ts';

function fakeWindow(search: string, framed: boolean): Window {
  const storage = new Map<string, string>();
  const self = {};
  return {
    self,
    top: framed ? {} : self,
    location: { search },
    sessionStorage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    },
  } as unknown as Window;
}

describe('embedding', () => {
  it('is embedded inside a frame or with ?embedded=1, and remembers the flag for the tab', () => {
    expect(detectEmbedded(fakeWindow('', false))).toBe(false);
    expect(detectEmbedded(fakeWindow('', true))).toBe(true);
    const win = fakeWindow('?embedded=1', false);
    expect(detectEmbedded(win)).toBe(true);
    (win.location as { search: string }).search = '';
    expect(detectEmbedded(win)).toBe(true);
  });
});

describe('root redirect', () => {
  it('opens the workspace, or smart docs on a smart-docs host', () => {
    expect(rootRedirectTarget('obra.example.com')).toBe('/workspace');
    expect(rootRedirectTarget('smart-docs.obra.example.com')).toBe('/smart-docs');
    expect(rootRedirectTarget('Smart-Docs-eu.example.com')).toBe('/smart-docs');
  });
});

describe('maintenance return path', () => {
  it('follows only same-site paths and never loops back to maintenance', () => {
    expect(safeReturnPath('/workspace/project/3/issues?x=1')).toBe('/workspace/project/3/issues?x=1');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example')).toBe('/');
    expect(safeReturnPath('/maintenance?from=/x')).toBe('/');
    expect(safeReturnPath(null)).toBe('/');
  });
});

describe('breakpoints', () => {
  it('are the spec values: mobile 767, tablet 959, desktop 1366', () => {
    expect(BREAKPOINTS_PX).toEqual({ mobile: 767, tablet: 959, desktop: 1366 });
    expect(MEDIA.mobile).toBe('(max-width: 47.9375em)');
    expect(MEDIA.desktop).toBe('(min-width: 85.375em)');
  });
});

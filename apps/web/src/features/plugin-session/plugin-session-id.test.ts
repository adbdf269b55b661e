import { afterEach, describe, expect, it } from 'vitest';
import {
  pluginSessionIdOf,
  searchWithoutPluginSession,
  storedPluginSessionId,
  storePluginSessionId,
} from './plugin-session-id.ts';

const ID = '3F2504E0-4F89-41D3-9A0C-0305E82C3301';

describe('the plugin session id of the address and of the tab', () => {
  afterEach(() => storePluginSessionId(null));

  it('reads a UUID from ?pluginSession=, in lower case; anything else is no session', () => {
    expect(pluginSessionIdOf(`?pluginSession=${ID}`)).toBe(ID.toLowerCase());
    expect(pluginSessionIdOf(`?issue=4&pluginSession=${ID}`)).toBe(ID.toLowerCase());
    expect(pluginSessionIdOf('?pluginSession=1')).toBeNull();
    expect(pluginSessionIdOf('?pluginSession=javascript:alert(1)')).toBeNull();
    expect(pluginSessionIdOf('')).toBeNull();
  });

  it('removes only the plugin session from the query', () => {
    expect(searchWithoutPluginSession(`?pluginSession=${ID}`)).toBe('');
    expect(searchWithoutPluginSession(`?issue=4&pluginSession=${ID}&view=2`)).toBe('?issue=4&view=2');
  });

  it('keeps the id in the tab until it is forgotten', () => {
    expect(storedPluginSessionId()).toBeNull();
    storePluginSessionId(ID.toLowerCase());
    expect(storedPluginSessionId()).toBe(ID.toLowerCase());
    storePluginSessionId(null);
    expect(storedPluginSessionId()).toBeNull();
  });
});

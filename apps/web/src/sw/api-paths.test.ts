import { describe, expect, it } from 'vitest';
import { NETWORK_ONLY_NAVIGATION } from './api-paths.ts';

describe('the service worker’s navigations left to the network', () => {
  it('leaves the server’s own paths and the journeys’ /test/ routes to it, and answers the app’s pages', () => {
    for (const path of ['/graphql', '/auth/sign-in', '/files/1', '/test/jobs/notifications/digest'])
      expect(NETWORK_ONLY_NAVIGATION.test(path), path).toBe(true);
    for (const path of ['/test', '/workspace/home', '/login', '/authentic', '/graphqlish'])
      expect(NETWORK_ONLY_NAVIGATION.test(path), path).toBe(false);
  });
});

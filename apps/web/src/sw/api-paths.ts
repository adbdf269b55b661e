import { API_PATH_PREFIXES as SERVER_PATH_PREFIXES } from '@obra/domain';

/**
 * Paths the server answers itself (the domain's one list, which the server uses too): the service worker never
 * answers a navigation to them with the app shell. Plus the journeys' test routes under /test/ (e2e only); /test
 * itself is the device check page, which the shell answers.
 */
export const API_PATH_PREFIXES = SERVER_PATH_PREFIXES;

/** The navigations the worker leaves to the network: the server's own paths, and the test routes below /test/. */
export const NETWORK_ONLY_NAVIGATION = new RegExp(
  `^(?:(?:${API_PATH_PREFIXES.map((p) => p.replace(/[/.]/g, '\\$&')).join('|')})(?:/|$)|/test/)`,
);

import { API_PATH_PREFIXES as SERVER_PATH_PREFIXES } from '@obra/domain';

/**
 * Paths the server answers itself (the domain's one list, which the server uses too): the service worker never
 * answers a navigation to them with the app shell. Plus the journeys' test routes (e2e only).
 */
export const API_PATH_PREFIXES = [...SERVER_PATH_PREFIXES, '/test'] as const;

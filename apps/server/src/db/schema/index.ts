// Every area's tables; each area keeps its own file.
export * from './foundation.ts';
export * from './identity.ts';
export * from './projects.ts';
export * from './issues.ts';
export * from './issue-comments.ts';
export * from './issue-images.ts';
export * from './profile-images.ts';
export * from './notifications.ts';
export * from './bcf.ts';
export * from './drive.ts';
export * from './saved-views.ts';
export * from './bcf-oauth.ts';
export * from './viewer.ts';
export * from './bim.ts';
export * from './ai.ts';
export * from './offline.ts';
export * from './retrospectives.ts';

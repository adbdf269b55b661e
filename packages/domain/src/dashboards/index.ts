export * from './dashboard-timeline.ts';

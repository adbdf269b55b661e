import { useSeededDemo } from '../support/seeded-demo.ts';
import { demoDriveTests } from './demo-drive.ts';
import { demoIssuesTests } from './demo-issues.ts';
import { demoProjectTests } from './demo-project.ts';
import { demoSmartDocsTests } from './demo-smart-docs.ts';

/**
 * The lived-in demo (issue 12: a newcomer's first start shows the product working), tested on one server seeded
 * once: seeding the whole demo is the suite's slowest setup, and its tests only read what it seeded (Smart Docs'
 * disclaimer, accepted by the manager, is the one thing they write).
 */
const seeded = useSeededDemo();

demoProjectTests(seeded);
demoIssuesTests(seeded);
demoDriveTests(seeded);
demoSmartDocsTests(seeded);

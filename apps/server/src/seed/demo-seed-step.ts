import type { CompanyRoleKey } from '@obra/domain';
import type { Db } from '../db/database.ts';

// What a demo seed step is given and answers (seed/demo-seed.ts runs the steps; each area writes its own, such as
// modules/projects/project-demo-seed.ts). Apart from the runner, so that a step names these types without importing
// the file that imports it.

/**
 * The role a demo sign-in plays: the people of the demo company by company role, then those the projects area
 * adds (a coordinator of another company, the administrator and a collaborator of the partner company).
 */
export type DemoRole =
  | 'platformAdmin'
  | 'companyAdmin'
  | 'manager'
  | 'collaborator'
  | 'demo'
  | 'projectCoordinator'
  | 'partnerAdmin'
  | 'partnerCollaborator';

/** One demo sign-in, as written to `$DATA_DIR/demo-users.json`. */
export interface DemoUser {
  email: string;
  password: string;
  role: DemoRole;
  companyId: number | null;
  projectIds: number[];
}

/** A person a seed step adds, with a sign-in of their own, to a company it created. */
export interface DemoPerson {
  role: DemoRole;
  email: string;
  name: string;
  lastName: string;
  companyId: number;
  companyRole: CompanyRoleKey;
}

/** A demo sign-in with the id of its user. */
export type SeededDemoUser = DemoUser & { userId: number };

/** What a seed step receives: the transaction, the demo company and users (with their ids) to extend. */
export interface DemoSeedContext {
  readonly tx: Db;
  readonly companyId: number;
  /** Every sign-in so far, those added by earlier steps included. */
  readonly users: readonly SeededDemoUser[];
  /**
   * Adds a person who can sign in (random password, e-mail confirmed, policies accepted), written to
   * demo-users.json with the others; their `projectIds` are the step's to fill.
   */
  addSignIn(person: DemoPerson): Promise<SeededDemoUser>;
}

/** An area's part of the demo (the projects area creates projects and fills `projectIds`). */
export type DemoSeedStep = (context: DemoSeedContext) => Promise<void>;

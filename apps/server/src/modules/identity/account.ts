import type { users } from '../../db/schema/index.ts';

/** A users row as stored. */
export type UserRow = typeof users.$inferSelect;

/** The terms of use and privacy policy in force; bump the version to make everyone accept again. */
export const CURRENT_POLICIES = {
  version: '2026-01-01',
  publishedAt: new Date('2026-01-01T00:00:00Z'),
} as const;

/** A person's account as the services reason about it. */
export interface Account {
  id: number;
  email: string;
  name: string | null;
  lastName: string | null;
  firstPhone: string | null;
  linkedin: string | null;
  photo: string | null;
  localeId: string | null;
  createdAt: Date;
  isAdmin: boolean;
  isDemo: boolean;
  emailConfirmed: boolean;
  acceptedPolicies: boolean;
  confirmedRegister: boolean;
  companyId: number | null;
  companyRole: string | null;
  hasAiAssistant: boolean;
  aiDisclaimerAccepted: boolean;
}

/** Maps a stored row to the account the services use. */
export function toAccount(row: UserRow): Account {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    lastName: row.lastName,
    firstPhone: row.firstPhone,
    linkedin: row.linkedin,
    photo: row.photo,
    localeId: row.localeId,
    createdAt: row.createdAt,
    isAdmin: row.isAdmin,
    isDemo: row.isDemo,
    emailConfirmed: row.emailConfirmedAt !== null,
    acceptedPolicies: row.acceptedPoliciesVersion === CURRENT_POLICIES.version,
    confirmedRegister: row.confirmedRegister,
    companyId: row.companyId,
    companyRole: row.companyRole,
    hasAiAssistant: row.hasAiAssistant,
    aiDisclaimerAccepted: row.aiDisclaimerAcceptedAt !== null,
  };
}

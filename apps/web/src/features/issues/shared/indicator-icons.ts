import {
  IconChevronDown,
  IconChevronsUp,
  IconCircleCheck,
  IconCircleDot,
  IconCircleX,
  IconEqual,
  IconEyeCheck,
  IconPencil,
  IconShieldCheck,
  IconUsersGroup,
  IconWorld,
} from '@tabler/icons-react';
import type { IssueVisibility, Priority } from '@obra/domain';
import type { StatusIconName } from './indicator-model.ts';

/** The icons of editor §3.6 by name: active, yes, delete. */
export const STATUS_ICONS: Record<StatusIconName, typeof IconCircleDot> = {
  active: IconCircleDot,
  yes: IconCircleCheck,
  delete: IconCircleX,
};

/** The icon of each priority. */
export const PRIORITY_ICONS: Record<Priority, typeof IconCircleDot> = {
  high: IconChevronsUp,
  medium: IconEqual,
  low: IconChevronDown,
};

/** The icon of each visibility. */
export const VISIBILITY_ICONS: Record<IssueVisibility, typeof IconCircleDot> = {
  creator: IconPencil,
  group: IconUsersGroup,
  project_management: IconShieldCheck,
  semi_public: IconEyeCheck,
  public: IconWorld,
};

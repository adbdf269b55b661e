import { TEXT_LIMITS, type TextKind } from '@obra/domain';

/**
 * The input props that cap a text at its domain limit (TEXT_LIMITS) and, once the text nears it, a counter such
 * as "180 / 200" under the field, so the limit is seen before it is hit.
 */
export function textLimitProps(
  value: string,
  kind: TextKind,
): { maxLength: number; description: string | undefined } {
  const max = TEXT_LIMITS[kind];
  return { maxLength: max, description: value.length >= max * 0.8 ? `${value.length} / ${max}` : undefined };
}

import type { ErrorCode } from '@obra/domain';

/**
 * What a request error of graphql-js, Yoga or the limits says, as a catalogue code: `reason` names the problem
 * (its text in the user's language is the answer's message) and `subject` the names the request used (a type,
 * field, argument or variable: identifiers of the API, the same in every language). graphql-js words its errors
 * in English for developers; the answer gives them to a user of any language (issue 12).
 */
export interface RequestErrorReason {
  reason: ErrorCode;
  subject?: string;
}

const q = '"([^"]+)"';

/** graphql-js 16's, graphql-armor's and Obra's limit wordings, most specific first. */
const PATTERNS: [RegExp, ErrorCode, (m: RegExpMatchArray) => string | undefined][] = [
  // Limits (graphql-limits.ts and graphql-armor): before "Syntax Error", which armor's wording starts with.
  [
    /limit of \d+ exceeded|exceeds the limit of|nested deeper than|may appear at most \d+ times/i,
    'GRAPHQL_LIMIT_EXCEEDED',
    () => undefined,
  ],
  [/^Syntax Error:/, 'GRAPHQL_PARSE_FAILED', () => undefined],
  [new RegExp(`^Cannot query field ${q} on type ${q}`), 'GRAPHQL_UNKNOWN_FIELD', (m) => `${m[2]}.${m[1]}`],
  [
    new RegExp(`^Unknown argument ${q} on (?:field|directive) ${q}`),
    'GRAPHQL_UNKNOWN_ARGUMENT',
    (m) => `${m[2]}(${m[1]})`,
  ],
  [
    new RegExp(`^(?:Field|Directive) ${q} argument ${q} of type ${q} is required`),
    'GRAPHQL_MISSING_ARGUMENT',
    (m) => `${m[1]}(${m[2]}: ${m[3]})`,
  ],
  [
    new RegExp(`^Variable ${q} of required type ${q} was not provided`),
    'GRAPHQL_MISSING_VARIABLE',
    (m) => `${m[1]}: ${m[2]}`,
  ],
  [
    new RegExp(`^Variable ${q} of non-null type ${q} must not be null`),
    'GRAPHQL_MISSING_VARIABLE',
    (m) => `${m[1]}: ${m[2]}`,
  ],
  [new RegExp(`^Variable ${q} got invalid value`), 'GRAPHQL_INVALID_VALUE', (m) => m[1]],
  [
    new RegExp(`^Variable ${q} (?:of type ${q} )?used in position expecting`),
    'GRAPHQL_INVALID_VALUE',
    (m) => m[1],
  ],
  [new RegExp(`^Variable ${q} is not defined`), 'GRAPHQL_MISSING_VARIABLE', (m) => m[1]],
  [
    /^(?:Expected value of type|Enum ".*" cannot represent|\w+ cannot represent)/,
    'GRAPHQL_INVALID_VALUE',
    () => undefined,
  ],
  [
    new RegExp(`^Field ${q} of type ${q} must have a selection of subfields`),
    'GRAPHQL_INVALID_SELECTION',
    (m) => m[1],
  ],
  [new RegExp(`^Field ${q} must not have a selection`), 'GRAPHQL_INVALID_SELECTION', (m) => m[1]],
  [new RegExp(`^Unknown type ${q}`), 'GRAPHQL_VALIDATION_FAILED', (m) => m[1]],
];

/**
 * The catalogue reason of a request error's message; `fallback` (the error's own code: BAD_USER_INPUT,
 * GRAPHQL_PARSE_FAILED or GRAPHQL_VALIDATION_FAILED) when the wording is not one of those known.
 */
export function requestErrorReason(message: string, fallback: ErrorCode): RequestErrorReason {
  for (const [pattern, reason, subject] of PATTERNS) {
    const match = message.match(pattern);
    if (match) {
      const named = subject(match);
      return named ? { reason, subject: named } : { reason };
    }
  }
  return { reason: fallback };
}

import { z } from 'zod';

/** The demo request of spec core §5: name, lastName, company, email and phone are all required. */
export const demoRequestSchema = z.object({
  name: z.string().trim().min(1, 'required'),
  lastName: z.string().trim().min(1, 'required'),
  company: z.string().trim().min(1, 'required'),
  email: z.string().trim().min(1, 'required').pipe(z.email('email')),
  phone: z
    .string()
    .trim()
    .min(1, 'required')
    .regex(/^[+()\d\s.-]{6,}$/, 'phone'),
});

/** The fields of the demo request. */
export type DemoRequestValues = z.input<typeof demoRequestSchema>;

/** The demo request fields, in the order the form shows them. */
export const DEMO_REQUEST_FIELDS = ['name', 'lastName', 'company', 'email', 'phone'] as const;

/** Field → error key ('required', 'email', 'phone') for the fields that do not pass. */
export function demoRequestErrors(
  values: DemoRequestValues,
): Partial<Record<keyof DemoRequestValues, string>> {
  const parsed = demoRequestSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<keyof DemoRequestValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && isField(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function isField(field: string): field is keyof DemoRequestValues {
  return (DEMO_REQUEST_FIELDS as readonly string[]).includes(field);
}

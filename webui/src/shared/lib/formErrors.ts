import type { FieldErrors } from '@/shared/api';

/**
 * Turns the server's `errors` map into form errors (first message per field), keeping only the
 * fields the form shows; `rename` maps a server field to a form field.
 */
export function toFormErrors(
  errors: FieldErrors,
  fields: readonly string[],
  rename: Record<string, string> = {},
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [serverField, messages] of Object.entries(errors)) {
    const field = rename[serverField] ?? serverField;
    const first = messages[0];
    if (fields.includes(field) && first) result[field] = first;
  }
  return result;
}

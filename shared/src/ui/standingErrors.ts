import type { FieldError } from './ErrorSummary';

/**
 * The errors a submit found that still stand, for a form whose errors clear as soon as each field
 * is valid: `current` is what the form's own check finds now. An error on a field the form does not
 * check itself (`checkedHere` false, e.g. the server's) stays until the next submit.
 */
export function standingErrors(
  shown: FieldError[],
  current: FieldError[],
  checkedHere: (field: string) => boolean,
): FieldError[] {
  return shown.filter(
    (error) => !checkedHere(error.field) || current.some((c) => c.field === error.field && c.message === error.message),
  );
}

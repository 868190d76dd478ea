import { forwardRef } from 'react';
import styles from './ui.module.css';

export interface FieldError {
  field: string;
  message: string;
}

/** The list of what is wrong, at the top of a form; focus is moved here on a failed submit. */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: FieldError[]; title?: string }>(function ErrorSummary(
  { errors, title = 'There is a problem' },
  ref,
) {
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title}</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            <a href={`#${error.field}`}>{error.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
});

import { forwardRef } from 'react';
import { useT } from '../i18n/react';
import styles from './ui.module.css';

export interface FieldError {
  field: string;
  message: string;
}

/** The list of what is wrong, at the top of a form; focus is moved here on a failed submit. */
export const ErrorSummary = forwardRef<HTMLDivElement, { errors: FieldError[]; title?: string }>(function ErrorSummary(
  { errors, title },
  ref,
) {
  const t = useT();
  if (errors.length === 0) return null;
  return (
    <div ref={ref} className={styles.summary} role="alert" tabIndex={-1} aria-labelledby="error-summary-title">
      <h2 id="error-summary-title">{title ?? t('shared.errorSummary.title')}</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.field}:${error.message}`}>
            {/* A message the rules share with the server is English: its Spanish is keyed by it (docs/i18n.md). */}
            <a href={`#${error.field}`}>{t(error.message)}</a>
          </li>
        ))}
      </ul>
    </div>
  );
});

import { cloneElement, isValidElement, type ReactElement } from 'react';
import styles from './ui.module.css';
import { useT } from '../i18n/react';

export interface FormFieldProps {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}

/** A labelled control with its error repeated at the field (GOV.UK pattern). */
export function FormField({ id, label, error, hint, children }: FormFieldProps) {
  const t = useT();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control = isValidElement(children)
    ? cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={[styles.field, error ? styles.invalid : ''].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && <span id={`${id}-hint`}>{hint}</span>}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError}>
          <span className="visually-hidden">{t('shared.formField.errorPrefix')}</span>
          {t(error)}
        </span>
      )}
      {control}
    </div>
  );
}

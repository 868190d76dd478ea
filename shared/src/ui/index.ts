export { Button, type ButtonProps } from './Button';
export { Modal, type ModalProps } from './Modal';
export { Spinner, SPINNER_MS, SPINNER_SELECTOR, atLeast } from './Spinner';
export { FormField, type FormFieldProps } from './FormField';
export { ErrorSummary, type FieldError } from './ErrorSummary';
export { NotFound } from './NotFound';
export { PageHeading } from './PageHeading';
export { ProgressBar, ProgressBarPlaceholder, progressPercent, type ProgressBarProps } from './ProgressBar';
export { standingErrors } from './standingErrors';

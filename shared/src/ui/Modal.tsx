import { useEffect, useRef, type ReactNode } from 'react';
import styles from './ui.module.css';

export interface ModalProps {
  open: boolean;
  label: string;
  onClose: () => void;
  /** When true a click anywhere (spec: the image modal "closes on click") closes it. */
  closeOnClick?: boolean;
  /** A class for the dialog besides its own (e.g. a full-screen dialog of a remote). */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native `<dialog>` opened with showModal(): the browser keeps focus inside it
 * and makes the page behind inert (issue 19). Escape, or a click on the backdrop, asks `onClose`;
 * focus goes back where it was when the dialog closes.
 */
export function Modal({ open, label, onClose, closeOnClick = false, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    // jsdom has no showModal; the open attribute shows it there.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    dialog.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className={className ? `${styles.dialog} ${className}` : styles.dialog}
      aria-label={label}
      tabIndex={-1}
      onCancel={(event) => {
        // Escape: the page decides, so the dialog closes by `open`, like every other way.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog element itself is hit only on its backdrop: its content fills it.
        if (closeOnClick || event.target === event.currentTarget) onClose();
      }}
    >
      <div className={styles.dialogBody}>{children}</div>
    </dialog>
  );
}

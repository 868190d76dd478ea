import { useEffect, useRef, type ReactNode } from 'react';
import styles from './ui.module.css';

export interface ModalProps {
  open: boolean;
  label: string;
  onClose: () => void;
  /** When true a click anywhere (spec: the image modal "closes on click") closes it. */
  closeOnClick?: boolean;
  children: ReactNode;
}

export function Modal({ open, label, onClose, closeOnClick = false, children }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    dialogRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previouslyFocused?.focus?.();
    };
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div
      className={styles.backdrop}
      onClick={(event) => {
        if (closeOnClick || event.target === event.currentTarget) onClose();
      }}
    >
      <div ref={dialogRef} className={styles.dialog} role="dialog" aria-modal="true" aria-label={label} tabIndex={-1}>
        {children}
      </div>
    </div>
  );
}

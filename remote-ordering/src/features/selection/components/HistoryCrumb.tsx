import type { ReactNode } from 'react';
import { Link, useNavigate } from '@fu/shared';

/**
 * Spec §2: the breadcrumb steps back one or two history entries. When the visitor arrived by a
 * direct link there is no such entry in this site's history, so the crumb follows its href instead.
 */
export function HistoryCrumb({ steps, fallback, children }: { steps: number; fallback: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Link
      to={fallback}
      onClick={(event) => {
        const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
        if (index >= steps) {
          event.preventDefault();
          navigate(-steps);
        }
      }}
    >
      {children}
    </Link>
  );
}

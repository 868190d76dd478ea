import { useId } from 'react';
import { useT } from '../i18n/react';
import { PROGRESS_LOADING } from '../pages/firstScreens';

export interface ProgressBarProps {
  /** Names the bar for everyone: shown above it and used as its accessible name ("Team progress"). */
  label: string;
  /** How far along, in the same unit as max (cents for money). May exceed max. */
  value: number;
  /** The goal; above 0. */
  max: number;
  /** The figures in words, shown under the label and read out as the bar's value ("$86.00 raised of $500.00 goal"). */
  valueText: string;
  testId?: string;
}
/**
 * The bar's place while its figures load: the same lines and track, so nothing on the page moves
 * when they arrive (layout shift). An indeterminate progressbar (no aria-valuenow), marked busy.
 */
export function ProgressBarPlaceholder({ label }: { label: string }) {
  const t = useT();
  const labelId = useId();
  return (
    <div className="fp-progress">
      <p className="fp-progress-label" id={labelId}>
        {label}
      </p>
      <p className="fp-progress-text">{t(PROGRESS_LOADING)}</p>
      <div className="fp-progress-track" role="progressbar" aria-labelledby={labelId} aria-busy="true" />
    </div>
  );
}

/** The filled share of the bar, 0–100: a goal passed still shows a full bar, never more. */
export function progressPercent(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return 0;
  return Math.min(100, Math.floor((value / max) * 100));
}

/**
 * A labelled progress bar (WAI-ARIA progressbar): the label and the figures are visible text, and
 * the bar carries aria-valuemin/max/now (now kept within max, as ARIA requires) and the figures as
 * aria-valuetext. The fill is the brand colour on a light track with a dark outline, both well
 * above the 3:1 non-text contrast WCAG asks for. Nothing in it is interactive.
 */
export function ProgressBar({ label, value, max, valueText, testId }: ProgressBarProps) {
  const labelId = useId();
  const percent = progressPercent(value, max);
  return (
    <div className="fp-progress" data-testid={testId}>
      <p className="fp-progress-label" id={labelId}>
        {label}
      </p>
      <p className="fp-progress-text" data-testid={testId && `${testId}-text`}>
        {valueText}
      </p>
      <div
        className="fp-progress-track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={Math.max(0, Math.min(value, max))}
        aria-valuetext={valueText}
      >
        <div className="fp-progress-fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

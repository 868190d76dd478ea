import type { Page } from '@playwright/test';

/** Accepts every alert the page raises and keeps its text, for `expect.poll(() => alerts)`. */
export function collectAlerts(page: Page): string[] {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  return alerts;
}

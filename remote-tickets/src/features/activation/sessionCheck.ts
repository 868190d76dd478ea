import type { SessionCheck } from '@fu/shared';

/**
 * Spec §4 session check on the activate and register pages: if success and (redirect and active,
 * or sample), go to redirect; if deactivated, go to redirect; otherwise show the form (null).
 */
export function sessionCheckRedirect(check: SessionCheck): string | null {
  if (check.success && ((check.redirect && check.active) || check.sample)) return check.redirect;
  if (check.deactivated) return check.redirect;
  return null;
}

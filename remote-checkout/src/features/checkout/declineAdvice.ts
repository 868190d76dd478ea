import type { Translate } from '@fu/shared';

/**
 * The gateway's decline as the page shows it: its words as they are (spec §4/§8 alert them so), then
 * what to do next (issue 31) as one more sentence in the page's language ('Your card was declined.
 * Try another card, or call your bank.').
 */
export function withDeclineAdvice(message: string, t: Translate): string {
  const said = message.trim();
  return `${/[.!?]$/.test(said) ? said : `${said}.`} ${t('checkout.payment.declineAdvice')}`;
}

/** What to do after a card is declined (issue 31): said after the gateway's own words. */
export const DECLINE_ADVICE = 'Try another card, or call your bank.';

/**
 * The gateway's decline as the page shows it: its words as they are (spec §4/§8 alert them so), then
 * the advice, as one more sentence ('Your card was declined. Try another card, or call your bank.').
 */
export function withDeclineAdvice(message: string): string {
  const said = message.trim();
  return `${/[.!?]$/.test(said) ? said : `${said}.`} ${DECLINE_ADVICE}`;
}

import { textSafeName } from './textSafe';

/** A text's sender when its school and team give nothing fit to send: the site itself. */
export const SITE_SENDER = 'Fundraising University';

/**
 * Who a text is from, its first words (issue 31): the school and the team, "Lincoln High School
 * Varsity Football", so a ticket holder or a student knows the text before opening its link. Both
 * names were typed by someone, so each goes through textSafeName (letters only, 30 at most): a name
 * can never carry a link or a number into a text we send.
 */
export function textSender(names: { schoolName: string; teamName: string } | undefined): string {
  const school = textSafeName(names?.schoolName ?? '', '');
  const team = textSafeName(names?.teamName ?? '', '');
  return [school, team].filter(Boolean).join(' ') || SITE_SENDER;
}

/** A text's body under its sender: "Lincoln High School Varsity Football: your digital tickets are ready…". */
export const fromSender = (sender: string, body: string) => `${sender}: ${body}`;

/**
 * A name someone typed, fit to go into a text we send in our name: letters, spaces, hyphens and
 * apostrophes only, at most 30 characters. Anyone can make a student
 * page with any name for any phone, so a name must never carry a link or a number into a text.
 */
export function textSafeName(name: string, fallback = 'there'): string {
  const kept = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}' -]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 30)
    .trim();
  return kept || fallback;
}

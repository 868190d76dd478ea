// Issue 34: what a phone may text us, and what we answer: the one place for the keywords and the
// wording of the replies (docs/texting.md).
//
// - TCPA (FCC 24-24, in force since April 11, 2025): a person may revoke consent to texts by any
//   reasonable means, and a reply of "stop", "quit", "end", "revoke", "opt out", "cancel" or
//   "unsubscribe" is one by definition; it is honoured at once here (the rule allows 10 business
//   days), for every kind of text, with one confirmation that sends nothing else.
// - CTIA messaging principles and the carriers' 10DLC terms: STOP and HELP (and their usual
//   synonyms) are answered, START (UNSTOP, YES) opts back in; recurring texts say how to opt out.
//
// A message is a keyword when, trimmed, with case, accents and punctuation set aside, it is one of
// these words and nothing else ("Stop.", "¡ALTO!", "no más", "opt-out"): a sentence that only
// contains one ("don't stop the reminders") is not.

import { translatorFor } from '../../platform/i18n/translate';
import { SITE_SENDER } from './sender';

export type Keyword = 'stop' | 'start' | 'help';
export type ReplyLanguage = 'en' | 'es';

/** The keywords by what they do and their language, as `normalizedMessage` leaves them. */
export const KEYWORDS: Record<Keyword, Record<ReplyLanguage, readonly string[]>> = {
  stop: {
    en: ['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT', 'OPT OUT'],
    es: ['ALTO', 'PARAR', 'PARA', 'DETENER', 'CANCELAR', 'NO MAS', 'BAJA', 'DAR DE BAJA'],
  },
  start: {
    en: ['START', 'UNSTOP', 'YES', 'SUBSCRIBE'],
    es: ['SI', 'ALTA', 'INICIAR', 'COMENZAR'],
  },
  help: {
    en: ['HELP', 'INFO'],
    es: ['AYUDA'],
  },
};

/**
 * A message as the keywords are matched: accents and other marks dropped (NO MÁS is NO MAS), upper
 * case, every run of characters that are neither letters nor digits (punctuation, emoji, spaces,
 * hyphens) one space, and trimmed.
 */
export function normalizedMessage(message: string): string {
  return message
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const BY_WORDS = new Map<string, { keyword: Keyword; language: ReplyLanguage }>(
  (Object.entries(KEYWORDS) as [Keyword, Record<ReplyLanguage, readonly string[]>][]).flatMap(([keyword, languages]) =>
    (Object.entries(languages) as [ReplyLanguage, readonly string[]][]).flatMap(([language, words]) =>
      words.map((words) => [words, { keyword, language }] as const),
    ),
  ),
);

/** The keyword the whole message is, and its language; undefined for any other message. */
export function keywordOf(message: string): { keyword: Keyword; language: ReplyLanguage } | undefined {
  return BY_WORDS.get(normalizedMessage(message));
}

/** The end of every recurring text (reminders): how to stop them, in the carriers' own words in each language. */
export const optOutFooter = (language: ReplyLanguage) => translatorFor(language)('server.sms.optOut');
export const OPT_OUT_FOOTER = optOutFooter('en');

/** Who to ask for help: the Help page's contacts (SUPPORT_CONTACTS in @fu/shared, the same values). */
export interface HelpContact {
  /** The organisation the texts are sent for (ORG_LEGAL_NAME); '' when unset. */
  organization: string;
  email: string;
  phone: string;
}

/** The one text that confirms an opt-out, in the language of the keyword: nothing else, no link, no offer. */
export function stopReply(language: ReplyLanguage): string {
  return translatorFor(language)('server.sms.stopReply', { site: SITE_SENDER });
}

/** The answer to START (UNSTOP, YES) from a phone that had opted out, in the language of the keyword. */
export function startReply(language: ReplyLanguage): string {
  return translatorFor(language)('server.sms.startReply', { site: SITE_SENDER });
}

/**
 * The answer to HELP: who sends these texts, for whom (the organisation, when ORG_LEGAL_NAME names
 * one), and how to reach a person.
 */
export function helpReply(language: ReplyLanguage, contact: HelpContact): string {
  const { organization, email, phone } = contact;
  return translatorFor(language)(organization ? 'server.sms.helpReplyFor' : 'server.sms.helpReply', {
    site: SITE_SENDER,
    organization,
    email,
    phone,
  });
}

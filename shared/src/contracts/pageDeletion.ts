// Issue 34 (docs/privacy.md): words only, no schema, so pages may import them.

/** The sentences of the page deletion, word for word (the page shows the server's). */
export const PAGE_DELETION_MESSAGES = {
  texted: (phone: string) =>
    `We texted a link to ${phone}. Open it on that phone and tap Delete this page to delete it for good.`,
  optedOut:
    'This phone number replied STOP to our texts, so we cannot text it a link. Reply START to one of our texts, or ask us through Help to delete the page.',
  wrong: 'This delete link is not valid. Please open the newest link we texted you, or ask for a new one.',
  expired: 'This delete link has expired. Please ask for a new one.',
  used: 'This delete link has already been used or replaced by a newer one.',
  deleted:
    'Your page is deleted: your name, phone and links are erased. Money your supporters gave still counts for your team.',
} as const;

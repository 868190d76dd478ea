// The state list's links, as the selection page renders them and the server's first paint writes them.

/** Phone defaults to 0; only digits are carried along. */
export function resolvePhone(pPhone?: string): string {
  return pPhone && /^\d+$/.test(pPhone) ? pPhone : '0';
}

export const selectSchoolPath = (state: string, itemId: number, phone: string) =>
  `/SelectSchool/${encodeURIComponent(state)}/${itemId}/${phone}`;

/** Spec §5: the activate phone field keeps only digits, spaces, parentheses and dashes. */
export function cleanPhoneInput(value: string): string {
  return value.replace(/[^\d\s()-]/g, '');
}

export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** Spec §5: Submit only at exactly 10 digits. */
export const isRegisterablePhone = (value: string) => phoneDigits(value).length === 10;

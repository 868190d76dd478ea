/** Design tokens: one place for colours, spacing and type. CSS reads them as custom properties. */
export const colors = {
  minusButton: '#26C6DA',
  plusButton: '#112D48',
  brand: '#112D48',
  accent: '#26C6DA',
  text: '#1B1F24',
  mutedText: '#4A5560',
  surface: '#FFFFFF',
  background: '#F4F6F8',
  border: '#C9D1D9',
  /** The edge of a text field or select: what shows where to type, so 3:1 (WCAG 1.4.11). */
  fieldBorder: '#6B7785',
  error: '#B00020',
  success: '#1E7B34',
  bundleHighlight: '#D6F5DD',
  extraHighlight: '#E6E8EB',
  /** Focus ring (outline) and the white gap inside it: see tokens.css. */
  focus: '#112D48',
  focusGap: '#FFFFFF',
} as const;

export const spacing = { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' } as const;

export const typography = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  baseSize: '16px',
  headingWeight: 700,
} as const;

/** Minimum touch target for anything tappable (WCAG 2.5.5). */
export const touchTarget = '44px';

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2.x relative luminance of a #RRGGBB (or RRGGBB) colour. */
export function relativeLuminance(hex: string): number {
  const value = hex.replace(/^#/, '');
  const [r, g, b] = [0, 2, 4].map((start) => channel(parseInt(value.slice(start, start + 2), 16)));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG 2.x contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (lighter! + 0.05) / (darker! + 0.05);
}

/**
 * Text for a background that can be any colour (team colours): white when it reaches WCAG AA 4.5:1,
 * else the body text colour, else black (some mid greys reach 4.5:1 with black only).
 */
export function readableTextOn(background: string): string {
  for (const candidate of [colors.surface, colors.text]) {
    if (contrastRatio(candidate, background) >= 4.5) return candidate;
  }
  return '#000000';
}

export interface TeamColors {
  primaryColorHex?: string | null;
  secondaryColorHex?: string | null;
}

const HEX = /^[0-9a-fA-F]{6}$/;

/**
 * Team colours arrive without a leading '#'; anything else is ignored rather than injected. Text on
 * the primary colour (`--team-on-primary`) is white or dark, whichever contrasts more with it.
 */
export function teamColorVariables({ primaryColorHex, secondaryColorHex }: TeamColors): Record<string, string> {
  const vars: Record<string, string> = {};
  if (primaryColorHex && HEX.test(primaryColorHex)) {
    vars['--team-primary'] = `#${primaryColorHex}`;
    vars['--team-on-primary'] = readableTextOn(primaryColorHex);
  }
  if (secondaryColorHex && HEX.test(secondaryColorHex)) vars['--team-secondary'] = `#${secondaryColorHex}`;
  return vars;
}

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
  error: '#B00020',
  success: '#1E7B34',
  bundleHighlight: '#D6F5DD',
  extraHighlight: '#E6E8EB',
} as const;

export const spacing = { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '40px' } as const;

export const typography = {
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  baseSize: '16px',
  headingWeight: 700,
} as const;

/** Minimum touch target for anything tappable (WCAG 2.5.5). */
export const touchTarget = '44px';

export interface TeamColors {
  primaryColorHex?: string | null;
  secondaryColorHex?: string | null;
}

const HEX = /^[0-9a-fA-F]{6}$/;

/** Team colours arrive without a leading '#'; anything else is ignored rather than injected. */
export function teamColorVariables({ primaryColorHex, secondaryColorHex }: TeamColors): Record<string, string> {
  const vars: Record<string, string> = {};
  if (primaryColorHex && HEX.test(primaryColorHex)) vars['--team-primary'] = `#${primaryColorHex}`;
  if (secondaryColorHex && HEX.test(secondaryColorHex)) vars['--team-secondary'] = `#${secondaryColorHex}`;
  return vars;
}

/** Applies team colours at run time on an element (the page root by default). */
export function applyTeamColors(
  colorsToApply: TeamColors,
  element: HTMLElement = document.documentElement,
): () => void {
  const vars = teamColorVariables(colorsToApply);
  for (const [name, value] of Object.entries(vars)) element.style.setProperty(name, value);
  return () => {
    for (const name of Object.keys(vars)) element.style.removeProperty(name);
  };
}

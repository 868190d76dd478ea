import { readFileSync } from 'node:fs';
import path from 'node:path';
import { colors, contrastRatio, readableTextOn, teamColorVariables } from './tokens';

describe('design tokens', () => {
  it('has the spec colours for the quantity buttons', () => {
    expect(colors.minusButton).toBe('#26C6DA');
    expect(colors.plusButton).toBe('#112D48');
  });

  it('turns team colours (no leading hash) into CSS variables and ignores anything else', () => {
    expect(teamColorVariables({ primaryColorHex: 'AA0000', secondaryColorHex: 'ffffff' })).toEqual({
      '--team-primary': '#AA0000',
      '--team-on-primary': '#FFFFFF',
      '--team-secondary': '#ffffff',
    });
    expect(teamColorVariables({ primaryColorHex: 'red;background:url(x)', secondaryColorHex: null })).toEqual({});
  });

  it('puts dark text on a light team colour and white on a dark one', () => {
    expect(teamColorVariables({ primaryColorHex: 'FFD700' })['--team-on-primary']).toBe(colors.text);
    expect(teamColorVariables({ primaryColorHex: '8B0000' })['--team-on-primary']).toBe('#FFFFFF');
    expect(readableTextOn('777777')).toBe('#000000');
    for (let grey = 0; grey <= 255; grey += 5) {
      const hex = grey.toString(16).padStart(2, '0').repeat(3);
      expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
    for (const hex of ['FFD700', '8B0000', '26C6DA', 'F5F5F5', '1E3A8A', '6B21A8', '14532D']) {
      expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it.each([
    ['body text on the page background', colors.text, colors.background, 4.5],
    ['muted text on the page background', colors.mutedText, colors.background, 4.5],
    ['muted text on a card', colors.mutedText, colors.surface, 4.5],
    ['error text on a card', colors.error, colors.surface, 4.5],
    ['success text on a card', colors.success, colors.surface, 4.5],
    ['links and secondary buttons on a card', colors.brand, colors.surface, 4.5],
    ['white on primary buttons', colors.surface, colors.brand, 4.5],
    ['the minus button sign', '#0B2530', colors.minusButton, 4.5],
    ['bundle rows', colors.text, colors.bundleHighlight, 4.5],
    ['extra rows', colors.text, colors.extraHighlight, 4.5],
    ['the focus ring on a card', colors.focus, colors.surface, 3],
    ['form field edges on a card', colors.fieldBorder, colors.surface, 3],
    ['form field edges on the page background', colors.fieldBorder, colors.background, 3],
    ['the focus gap on the navy header', colors.focusGap, colors.brand, 3],
  ])('%s meet WCAG contrast', (_, foreground, background, minimum) => {
    expect(contrastRatio(foreground, background)).toBeGreaterThanOrEqual(minimum);
  });

  it('tokens.css carries the same colours as tokens.ts', () => {
    const css = readFileSync(path.join(__dirname, 'tokens.css'), 'utf8').toLowerCase();
    const pairs: [string, string][] = [
      ['--color-brand', colors.brand],
      ['--color-accent', colors.accent],
      ['--color-text', colors.text],
      ['--color-muted', colors.mutedText],
      ['--color-surface', colors.surface],
      ['--color-background', colors.background],
      ['--color-error', colors.error],
      ['--color-field-border', colors.fieldBorder],
      ['--color-success', colors.success],
      ['--color-focus', colors.focus],
      ['--color-focus-gap', colors.focusGap],
    ];
    for (const [name, value] of pairs) expect(css).toContain(`${name}: ${value.toLowerCase()};`);
  });
});

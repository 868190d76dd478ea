import { colors, teamColorVariables } from './tokens';

describe('design tokens', () => {
  it('has the spec colours for the quantity buttons', () => {
    expect(colors.minusButton).toBe('#26C6DA');
    expect(colors.plusButton).toBe('#112D48');
  });

  it('turns team colours (no leading hash) into CSS variables and ignores anything else', () => {
    expect(teamColorVariables({ primaryColorHex: 'AA0000', secondaryColorHex: 'ffffff' })).toEqual({
      '--team-primary': '#AA0000',
      '--team-secondary': '#ffffff',
    });
    expect(teamColorVariables({ primaryColorHex: 'red;background:url(x)', secondaryColorHex: null })).toEqual({});
  });
});

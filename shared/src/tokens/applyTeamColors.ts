import { teamColorVariables, type TeamColors } from './tokens';

// Apart from tokens.ts, which the server reads too (it has no DOM).
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

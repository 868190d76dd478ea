import type { FundraiserOrder } from '../contracts';
import { teamColorVariables } from '../tokens/tokens';

/** What the order page's team header shows of a team (the app's TeamHeader and the server's first paint). */
export type TeamHeaderTeam = Pick<
  FundraiserOrder,
  | 'teamName'
  | 'schoolName'
  | 'teamPhotoUrl'
  | 'teamBackgroundPhotoUrl'
  | 'useTeamBackgroundPhoto'
  | 'teamPrimaryColorHex'
  | 'teamSecondaryColorHex'
>;

/**
 * The team header's look: the team's colours, and its background photo under a 55% black overlay
 * when it uses one (`photo`: the header then also takes the class fp-team-header-photo). Style
 * names as React writes them (camelCase, custom properties as they are).
 */
export function teamHeaderLook(team: TeamHeaderTeam): { style: Record<string, string>; photo: boolean } {
  const style = teamColorVariables({
    primaryColorHex: team.teamPrimaryColorHex,
    secondaryColorHex: team.teamSecondaryColorHex,
  });
  const photo = Boolean(team.useTeamBackgroundPhoto && team.teamBackgroundPhotoUrl);
  if (photo) {
    style.backgroundImage = `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), url("${encodeURI(team.teamBackgroundPhotoUrl!)}")`;
  }
  return { style, photo };
}

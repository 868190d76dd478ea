import type { CSSProperties } from 'react';
import { teamColorVariables, type FundraiserOrder } from '@fu/shared';
import styles from './order.module.css';

type TeamInfo = Pick<
  FundraiserOrder,
  | 'teamName'
  | 'schoolName'
  | 'teamPhotoUrl'
  | 'teamBackgroundPhotoUrl'
  | 'useTeamBackgroundPhoto'
  | 'teamPrimaryColorHex'
  | 'teamSecondaryColorHex'
>;

/** Team logo and name over the team's background photo, or its colours when it has none. */
export function TeamHeader({ team }: { team: TeamInfo }) {
  const style: CSSProperties & Record<string, string> = {
    ...teamColorVariables({ primaryColorHex: team.teamPrimaryColorHex, secondaryColorHex: team.teamSecondaryColorHex }),
  };
  const photo = Boolean(team.useTeamBackgroundPhoto && team.teamBackgroundPhotoUrl);
  if (photo) {
    style.backgroundImage = `linear-gradient(rgba(0,0,0,0.55), rgba(0,0,0,0.55)), url("${encodeURI(team.teamBackgroundPhotoUrl!)}")`;
  }
  return (
    <header
      className={[styles.teamHeader, photo ? styles.teamHeaderPhoto : ''].filter(Boolean).join(' ')}
      style={style}
    >
      {team.teamPhotoUrl && (
        <img className={styles.logo} src={team.teamPhotoUrl} alt={`${team.teamName} logo`} width={96} height={96} />
      )}
      <div>
        <h1 className={styles.teamName}>{team.teamName}</h1>
        <p className={styles.schoolName}>{team.schoolName}</p>
      </div>
    </header>
  );
}

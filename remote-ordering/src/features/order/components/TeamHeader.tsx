import { teamHeaderLook, usePageTitle, useT, type TeamHeaderTeam } from '@fu/shared';

/**
 * Team logo and name over the team's background photo, or its colours when it has none. Global fp-
 * classes (@fu/shared/firstPaint.css): the server's first paint of an order link draws the same header.
 * Its h1 is the page's, so it names the tab too, as the server's link preview does.
 */
export function TeamHeader({ team }: { team: TeamHeaderTeam }) {
  const t = useT();
  usePageTitle(t('ordering.team.pageTitle', { teamName: team.teamName, schoolName: team.schoolName }));
  const { style, photo } = teamHeaderLook(team);
  return (
    <header className={photo ? 'fp-team-header fp-team-header-photo' : 'fp-team-header'} style={style}>
      {team.teamPhotoUrl && (
        <img
          className="fp-team-logo"
          src={team.teamPhotoUrl}
          alt={t('ordering.team.logo', { teamName: team.teamName })}
          width={96}
          height={96}
        />
      )}
      <div>
        <h1 className="fp-team-name">{team.teamName}</h1>
        <p className="fp-school-name">{team.schoolName}</p>
      </div>
    </header>
  );
}

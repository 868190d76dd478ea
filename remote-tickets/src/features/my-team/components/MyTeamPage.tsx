import { PageHeading, type TicketSession, useParams, useT } from '@fu/shared';
import { TicketFrame } from '../../wallet';
import styles from './myTeam.module.css';

const isWebLink = (url: string) => /^https?:\/\//i.test(url);

function TeamLinks({ session }: { session: TicketSession }) {
  const t = useT();
  // The server already orders them 2, 3, 1 and keeps only http(s); the check here is belt and braces.
  const links = session.teamLinks.filter((link) => isWebLink(link.url)).slice(0, 3);
  if (links.length === 0) return <p>{t('tickets.myTeam.noLinks')}</p>;
  return (
    <div className={styles.links}>
      {links.map((link) => (
        <a key={link.number} className={styles.link} href={link.url} rel="noopener noreferrer">
          {link.name || link.url}
        </a>
      ))}
    </div>
  );
}

function TeamHeading({ session }: { session: TicketSession }) {
  const t = useT();
  const title = t('tickets.myTeam.heading', { school: session.ticket.schoolName, team: session.ticket.teamName });
  return <PageHeading title={title}>{title}</PageHeading>;
}

/** /MyTeam/{guid}: 'school team Resources' and up to three team links that navigate away. */
export function MyTeamPage() {
  const guid = useParams().guid ?? '';
  return (
    <main className="page">
      <TicketFrame guid={guid}>
        {(session) => (
          <>
            <TeamHeading session={session} />
            <TeamLinks session={session} />
          </>
        )}
      </TicketFrame>
    </main>
  );
}

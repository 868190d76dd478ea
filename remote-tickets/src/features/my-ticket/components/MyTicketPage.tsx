import { PageHeading, type TicketSession, useParams, useT } from '@fu/shared';
import { TicketFrame } from '../../wallet';
import styles from './myTicket.module.css';

/** Spec §9: up to five photos. */
const MAX_PHOTOS = 5;

function TicketPhotos({ session }: { session: TicketSession }) {
  const t = useT();
  const { ticket } = session;
  const { team } = ticket;
  const background =
    team.useBackgroundPhoto && team.backgroundPhotoUrl ? { backgroundImage: `url("${team.backgroundPhotoUrl}")` } : {};
  return (
    <div className={styles.ticket} style={background}>
      <h2 className={styles.heading}>
        {ticket.schoolName} {ticket.teamName}
      </h2>
      {ticket.photoUrls.slice(0, MAX_PHOTOS).map((url, index) => (
        <img
          key={url + index}
          className={styles.photo}
          src={url}
          alt={t('tickets.myTicket.photoAlt', { name: ticket.name, number: index + 1 })}
        />
      ))}
    </div>
  );
}

/** /MyTicket/{guid}: the ticket itself, shown at the door or the register. */
export function MyTicketPage() {
  const guid = useParams().guid ?? '';
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.myTicket.heading')}>{t('tickets.myTicket.heading')}</PageHeading>
      <TicketFrame guid={guid}>{(session) => <TicketPhotos session={session} />}</TicketFrame>
    </main>
  );
}

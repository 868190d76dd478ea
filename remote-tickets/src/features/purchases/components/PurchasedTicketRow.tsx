import { useState } from 'react';
import {
  Button,
  formatPhone,
  phoneDigits,
  sharePhone,
  ticketLink,
  TICKET_MESSAGES,
  type PurchasedTicket,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import styles from './purchases.module.css';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

/** 'Ticket n of m': copy its link or text it to a phone, until someone activates it. */
export function PurchasedTicketRow({ purchaseGuid, ticket }: { purchaseGuid: string; ticket: PurchasedTicket }) {
  const [phone, setPhone] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const link = ticketLink(window.location.origin, ticket.guid);
  const phoneId = `send-phone-${ticket.guid}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ kind: 'ok', text: 'Link copied.' });
    } catch {
      setNotice({ kind: 'ok', text: `Copy this link: ${link}` });
    }
  }

  async function send() {
    const digits = sharePhone(phone);
    if (!digits) {
      setNotice({ kind: 'error', text: TICKET_MESSAGES.sendLinkPhone });
      return;
    }
    setBusy(true);
    try {
      setNotice({ kind: 'ok', text: (await ticketsApi.shareTicket(purchaseGuid, digits, ticket.guid)).message });
    } catch {
      setNotice({ kind: 'error', text: TICKET_MESSAGES.sendLinkFailed });
    }
    setBusy(false);
  }

  return (
    <li className={styles.ticket} data-testid="purchased-ticket">
      <h2 className={styles.ticketHeading}>
        Ticket {ticket.number} of {ticket.of}
      </h2>
      {ticket.activated && (
        <p className={styles.redeemedBy}>Ticket Redeemed by {ticket.phone ? formatPhone(ticket.phone) : 'a phone'}</p>
      )}
      <Button variant="secondary" disabled={ticket.activated} onClick={() => void copy()}>
        Copy Link
      </Button>
      <label htmlFor={phoneId}>Phone number</label>
      <input
        id={phoneId}
        className={styles.phone}
        type="tel"
        inputMode="numeric"
        value={phone}
        disabled={ticket.activated}
        onChange={(event) => setPhone(phoneDigits(event.target.value))}
      />
      <Button disabled={ticket.activated || busy} onClick={() => void send()}>
        Send Link to Phone
      </Button>
      {notice && (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={notice.kind === 'error' ? styles.error : styles.ok}
        >
          {notice.text}
        </p>
      )}
    </li>
  );
}

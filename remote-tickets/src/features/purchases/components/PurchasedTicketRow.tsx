import { useState } from 'react';
import {
  Button,
  canTextPhone,
  formatPhone,
  phoneDigits,
  errorMessage,
  sharePhone,
  ticketLink,
  TEXTS_US_CANADA_MESSAGE,
  TICKET_MESSAGES,
  useNavigate,
  type PurchasedTicket,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import styles from './purchases.module.css';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

/**
 * 'Ticket n of m': use it on this phone, copy its link or text it to a phone, until someone
 * activates it. A texted link registers the ticket on the phone that opens it, with no second text.
 */
export function PurchasedTicketRow({ purchaseGuid, ticket }: { purchaseGuid: string; ticket: PurchasedTicket }) {
  const navigate = useNavigate();
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

  /** Issue 31: the buyer's own browser registers it without a phone typed; any other goes to the phone form. */
  async function openHere() {
    setBusy(true);
    try {
      const step = await ticketsApi.registerOnThisPhone(purchaseGuid, ticket.guid);
      if (step.success && step.redirect) {
        navigate(step.redirect);
        return;
      }
      setNotice({ kind: 'error', text: step.message });
    } catch (error) {
      setNotice({ kind: 'error', text: errorMessage(error) });
    }
    setBusy(false);
  }

  async function send() {
    const digits = sharePhone(phone);
    if (!digits) {
      setNotice({ kind: 'error', text: TICKET_MESSAGES.sendLinkPhone });
      return;
    }
    if (!canTextPhone(digits)) {
      setNotice({ kind: 'error', text: TEXTS_US_CANADA_MESSAGE });
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
      <Button disabled={ticket.activated || busy} onClick={() => void openHere()}>
        Use on This Phone
      </Button>
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

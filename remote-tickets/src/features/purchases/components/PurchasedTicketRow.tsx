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
  useT,
  type MessageValues,
  type PurchasedTicket,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import styles from './purchases.module.css';

/**
 * What the row says, in the page's language: a message of the catalogs (tickets.…, or an English
 * constant or server message keyed by its English text, docs/i18n.md) and its values.
 */
type Notice = { kind: 'ok' | 'error'; message: string; values?: MessageValues } | null;

/**
 * 'Ticket n of m': use it on this phone, copy its link or text it to a phone, until someone
 * activates it. A texted link registers the ticket on the phone that opens it, with no second text.
 */
export function PurchasedTicketRow({ purchaseGuid, ticket }: { purchaseGuid: string; ticket: PurchasedTicket }) {
  const navigate = useNavigate();
  const t = useT();
  const [phone, setPhone] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const link = ticketLink(window.location.origin, ticket.guid);
  const phoneId = `send-phone-${ticket.guid}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setNotice({ kind: 'ok', message: 'tickets.purchases.copied' });
    } catch {
      setNotice({ kind: 'ok', message: 'tickets.purchases.copyThis', values: { link } });
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
      setNotice({ kind: 'error', message: step.message });
    } catch (error) {
      setNotice({ kind: 'error', message: errorMessage(error) });
    }
    setBusy(false);
  }

  async function send() {
    const digits = sharePhone(phone);
    if (!digits) {
      setNotice({ kind: 'error', message: TICKET_MESSAGES.sendLinkPhone });
      return;
    }
    if (!canTextPhone(digits)) {
      setNotice({ kind: 'error', message: TEXTS_US_CANADA_MESSAGE });
      return;
    }
    setBusy(true);
    try {
      setNotice({ kind: 'ok', message: (await ticketsApi.shareTicket(purchaseGuid, digits, ticket.guid)).message });
    } catch {
      setNotice({ kind: 'error', message: TICKET_MESSAGES.sendLinkFailed });
    }
    setBusy(false);
  }

  return (
    <li className={styles.ticket} data-testid="purchased-ticket">
      <h2 className={styles.ticketHeading}>
        {t('tickets.purchases.ticketOf', { number: ticket.number, total: ticket.of })}
      </h2>
      {ticket.activated && (
        <p className={styles.redeemedBy}>
          {ticket.phone
            ? t('tickets.purchases.redeemedBy', { phone: formatPhone(ticket.phone) })
            : t('tickets.purchases.redeemedByAPhone')}
        </p>
      )}
      <Button disabled={ticket.activated || busy} onClick={() => void openHere()}>
        {t('tickets.purchases.useHere')}
      </Button>
      <Button variant="secondary" disabled={ticket.activated} onClick={() => void copy()}>
        {t('tickets.purchases.copyLink')}
      </Button>
      <label htmlFor={phoneId}>{t('tickets.purchases.phone')}</label>
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
        {t('tickets.purchases.sendLink')}
      </Button>
      {notice && (
        <p
          role={notice.kind === 'error' ? 'alert' : 'status'}
          className={notice.kind === 'error' ? styles.error : styles.ok}
        >
          {t(notice.message, notice.values)}
        </p>
      )}
    </li>
  );
}

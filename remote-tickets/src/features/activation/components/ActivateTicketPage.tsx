import { useEffect, useState } from 'react';
import {
  Button,
  canTextPhone,
  cleanPhoneInput,
  errorMessage,
  PageHeading,
  registerPhone,
  Spinner,
  TEXTS_US_CANADA_MESSAGE,
  TICKET_MESSAGES,
  useNavigate,
  useParams,
  useSearchParams,
  useT,
  ServedForm,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { useSessionCheck } from '../hooks/useSessionCheck';
import styles from './activation.module.css';

/**
 * /ActivateTicket/{guid} and /ReactivateTicket/{guid}: the phone that will hold the ticket. The link a
 * buyer texts, /activateticket/{guid}?code=…, carries its proof: it goes straight to registering
 * this device, no phone typed and no second text.
 */
export function ActivateTicketPage({ reactivate = false }: { reactivate?: boolean }) {
  const guid = useParams().guid ?? '';
  const code = useSearchParams()[0].get('code');
  const navigate = useNavigate();
  const t = useT();
  const check = useSessionCheck(guid);
  const texted = Boolean(code) && !reactivate;
  useEffect(() => {
    if (texted && check === 'form') {
      navigate(`/ActivateTicket/${guid}/RegisterDevice?code=${encodeURIComponent(code!)}`, { replace: true });
    }
  }, [texted, check, guid, code, navigate]);
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const heading = reactivate ? t('tickets.activate.reactivateHeading') : t('tickets.activate.heading');
  /** Spec §5: Submit only at exactly 10 digits, of a number we may text, and only the digits are sent. */
  const digits = registerPhone(phone);
  const ready = digits !== undefined && canTextPhone(digits);
  const problem = digits === undefined ? TICKET_MESSAGES.sendLinkPhone : TEXTS_US_CANADA_MESSAGE;

  async function submit(phoneNumber: string) {
    setBusy(true);
    setFailure('');
    try {
      const step = reactivate
        ? await ticketsApi.accessLink(guid, phoneNumber)
        : await ticketsApi.addPhone(guid, phoneNumber);
      if (step.success && step.redirect) {
        navigate(step.redirect);
        return;
      }
      setFailure(step.message);
    } catch (error) {
      setFailure(errorMessage(error));
    }
    setBusy(false);
  }

  return (
    <main className="page">
      <PageHeading title={heading}>{heading}</PageHeading>
      {check === 'checking' || texted ? (
        <Spinner />
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (digits) void submit(digits);
          }}
        >
          <ServedForm>
            <p>{reactivate ? t('tickets.activate.reactivateIntro') : t('tickets.activate.intro')}</p>
            <label htmlFor="ticket-phone">{t('tickets.activate.phone')}</label>
            <input
              id="ticket-phone"
              className={styles.phone}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(cleanPhoneInput(event.target.value))}
              aria-invalid={phone !== '' && !ready}
              aria-describedby="ticket-phone-message"
            />
            <p id="ticket-phone-message" className={styles.error} role="status">
              {phone !== '' && !ready ? t(problem) : ''}
            </p>
            <Button type="submit" disabled={!ready || busy}>
              {t('tickets.activate.submit')}
            </Button>
            {/* The server's message: an English one has its Spanish keyed by it (docs/i18n.md). */}
            {failure && (
              <p role="alert" className={styles.error}>
                {t(failure)}
              </p>
            )}
          </ServedForm>
        </form>
      )}
    </main>
  );
}

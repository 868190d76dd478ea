import { useState } from 'react';
import {
  Button,
  errorMessage,
  PageHeading,
  Spinner,
  T,
  useAsync,
  Link,
  useNavigate,
  useParams,
  useSearchParams,
  useT,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { useSessionCheck } from '../hooks/useSessionCheck';

function RegisterForm({ guid, code }: { guid: string; code: string }) {
  const navigate = useNavigate();
  const t = useT();
  const link = useAsync(() => ticketsApi.checkActivationLink(guid, code), [guid, code]);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  async function register() {
    setBusy(true);
    setFailure('');
    try {
      const step = await ticketsApi.redeemLink(guid, code);
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

  if (link.status === 'loading') return <Spinner />;
  if (link.status === 'error') {
    return (
      <>
        <p role="alert">{t(errorMessage(link.error))}</p>
        <p>
          <Link className="link-target" to={`/ActivateTicket/${guid}`}>
            {t('tickets.register.newLink')}
          </Link>
        </p>
      </>
    );
  }
  // The server's messages: an English one has its Spanish keyed by it (docs/i18n.md).
  if (link.data.redirect) {
    return (
      <p role="status">
        {t(link.data.message)} <Link to={link.data.redirect}>{t('tickets.register.openOffers')}</Link>
      </p>
    );
  }
  return (
    <>
      <p>{t(link.data.message)}</p>
      <p>{t('tickets.register.oneDevice')}</p>
      <Button disabled={busy} onClick={() => void register()}>
        {t('tickets.register.button')}
      </Button>
      {failure && <p role="alert">{t(failure)}</p>}
    </>
  );
}

/** /ActivateTicket/{guid}/RegisterDevice/{phoneNumber}?code=…: binds this device to the ticket. */
export function RegisterDevicePage() {
  const guid = useParams().guid ?? '';
  const code = useSearchParams()[0].get('code') ?? '';
  const check = useSessionCheck(guid);
  const t = useT();
  return (
    <main className="page">
      <PageHeading title={t('tickets.register.heading')}>{t('tickets.register.heading')}</PageHeading>
      {check === 'checking' && <Spinner />}
      {check === 'form' &&
        (code ? (
          <RegisterForm guid={guid} code={code} />
        ) : (
          <p role="alert">
            <T id="tickets.register.noCode" components={{ link: <Link to={`/ActivateTicket/${guid}`} /> }} />
          </p>
        ))}
    </main>
  );
}

import { useState } from 'react';
import {
  Button,
  errorMessage,
  PageHeading,
  Spinner,
  useAsync,
  Link,
  useNavigate,
  useParams,
  useSearchParams,
} from '@fu/shared';
import { ticketsApi } from '../../wallet';
import { useSessionCheck } from '../hooks/useSessionCheck';

function RegisterForm({ guid, code }: { guid: string; code: string }) {
  const navigate = useNavigate();
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
        <p role="alert">{errorMessage(link.error)}</p>
        <p>
          <Link className="link-target" to={`/ActivateTicket/${guid}`}>
            Get a new link
          </Link>
        </p>
      </>
    );
  }
  if (link.data.redirect) {
    return (
      <p role="status">
        {link.data.message} <Link to={link.data.redirect}>Open your offers</Link>
      </p>
    );
  }
  return (
    <>
      <p>{link.data.message}</p>
      <p>The ticket works on one device: the one you register now.</p>
      <Button disabled={busy} onClick={() => void register()}>
        Register This Device
      </Button>
      {failure && <p role="alert">{failure}</p>}
    </>
  );
}

/** /ActivateTicket/{guid}/RegisterDevice/{phoneNumber}?code=…: binds this device to the ticket. */
export function RegisterDevicePage() {
  const guid = useParams().guid ?? '';
  const code = useSearchParams()[0].get('code') ?? '';
  const check = useSessionCheck(guid);
  return (
    <main className="page">
      <PageHeading title="Register This Device">Register This Device</PageHeading>
      {check === 'checking' && <Spinner />}
      {check === 'form' &&
        (code ? (
          <RegisterForm guid={guid} code={code} />
        ) : (
          <p role="alert">
            Open the link we texted you on the phone that will hold the ticket.{' '}
            <Link to={`/ActivateTicket/${guid}`}>Send a link</Link>
          </p>
        ))}
    </main>
  );
}

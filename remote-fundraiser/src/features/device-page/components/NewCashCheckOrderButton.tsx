import { useState } from 'react';
import { Button, errorMessage, useNavigate, useT } from '@fu/shared';
import { deviceApi } from '../api/deviceApi';

/** Starts a draft order for a cash or check sale and opens the order page in cash/check mode. */
export function NewCashCheckOrderButton({ guid }: { guid: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function start() {
    setBusy(true);
    setError('');
    try {
      const orderId = await deviceApi.newCashCheckOrder(guid);
      navigate(`/Order/${guid}/${orderId}`);
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <div>
      <Button variant="secondary" disabled={busy} onClick={() => void start()}>
        {t('fundraiser.page.newCashCheckOrder')}
      </Button>
      {error && <p role="alert">{t(error)}</p>}
    </div>
  );
}

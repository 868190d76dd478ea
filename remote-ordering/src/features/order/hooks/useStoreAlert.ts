import { useEffect } from 'react';
import { useT } from '@fu/shared';
import { useOrderStore } from '../store/orderStore';

/**
 * Shows the store's alert (spec §4: a bundle's minimum quantity) as the browser's alert, once. The
 * alert is @fu/shared's English message; its Spanish is @fu/shared's catalog's, keyed by it.
 */
export function useStoreAlert() {
  const t = useT();
  const alert = useOrderStore((state) => state.alert);
  useEffect(() => {
    if (!alert) return;
    window.alert(t(alert));
    useOrderStore.getState().dismissAlert();
  }, [alert, t]);
}

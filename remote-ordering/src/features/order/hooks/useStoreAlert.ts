import { useEffect } from 'react';
import { useOrderStore } from '../store/orderStore';

/** Shows the store's alert (spec §4: a bundle's minimum quantity) as the browser's alert, once. */
export function useStoreAlert() {
  const alert = useOrderStore((state) => state.alert);
  useEffect(() => {
    if (!alert) return;
    window.alert(alert);
    useOrderStore.getState().dismissAlert();
  }, [alert]);
}

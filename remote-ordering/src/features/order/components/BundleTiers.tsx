import { memo, useMemo, useState } from 'react';
import {
  Button,
  Modal,
  type ItemOption,
  bundleStatus,
  bundleTotalValue,
  sortBundlesByValue,
  type OptionBundle,
  useT,
} from '@fu/shared';
import { formatCents } from '../donationTiers';
import { useItemQuantities, useOrderStore, type ItemBundleState } from '../store/orderStore';
import styles from './order.module.css';

interface BundleTiersProps {
  itemId: number;
  options: ItemOption[];
  state: ItemBundleState;
}

const optionName = (options: ItemOption[], id: number) => options.find((o) => o.itemOptionId === id)?.name ?? `#${id}`;

/** Bundle tiers by value (spec §9), a preview modal, Custom Purchase, and the selected bundle's entries. */
export const BundleTiers = memo(function BundleTiers({ itemId, options, state }: BundleTiersProps) {
  const t = useT();
  const [previewing, setPreviewing] = useState<OptionBundle>();
  const quantities = useItemQuantities(itemId);
  const { chooseBundle, chooseCustom, removeBundle, swapOption } = useOrderStore.getState();
  const prices = useMemo(() => options.map((o) => ({ itemOptionId: o.itemOptionId, price: o.price })), [options]);
  const byValue = useMemo(() => sortBundlesByValue(state.bundles), [state.bundles]);
  const status = bundleStatus(state.selected, prices, quantities);

  return (
    <div className={styles.bundles}>
      <h4>{t('ordering.bundles.heading')}</h4>
      <ul className={styles.bundleList}>
        {byValue.map((bundle) => {
          const chosen = state.mode === 'bundle' && state.selected?.id === bundle.id;
          return (
            <li key={bundle.id} className={[styles.bundleCard, chosen ? styles.bundleChosen : ''].join(' ')}>
              <div>
                <strong>{bundle.name}</strong> <span>{formatCents(bundleTotalValue(bundle))}</span>
                <p>{bundle.description}</p>
              </div>
              <div className={styles.bundleActions}>
                <Button variant="secondary" onClick={() => setPreviewing(bundle)}>
                  {t('ordering.bundles.preview')}
                </Button>
                <Button onClick={() => chooseBundle(itemId, bundle.id)} aria-pressed={chosen}>
                  {chosen ? t('ordering.bundles.selected') : t('ordering.bundles.select')}
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <div className={styles.bundleActions}>
        <Button variant="secondary" aria-pressed={state.mode === 'custom'} onClick={() => chooseCustom(itemId)}>
          {t('ordering.bundles.custom')}
        </Button>
        {state.mode === 'bundle' && (
          <Button variant="secondary" onClick={() => removeBundle(itemId)}>
            {t('ordering.bundles.remove')}
          </Button>
        )}
      </div>
      {state.mode === 'bundle' && state.selected && (
        <div className={styles.selectedBundle}>
          <p role="status">
            {t(status === 'complete' ? 'ordering.bundles.complete' : 'ordering.bundles.incomplete', {
              name: state.selected.name,
            })}
          </p>
          {state.selected.optionBundleEntries.map((entry) => (
            <label key={`${entry.itemsOptionId}`} className={styles.swap}>
              {entry.quantity} ×{' '}
              <select
                value={entry.itemsOptionId}
                onChange={(event) => swapOption(itemId, entry.itemsOptionId, Number(event.target.value))}
              >
                {options
                  .filter((o) => o.price >= entry.itemsOption.price || o.itemOptionId === entry.itemsOptionId)
                  .map((o) => (
                    <option key={o.itemOptionId} value={o.itemOptionId}>
                      {o.name} ({formatCents(o.price)})
                    </option>
                  ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <Modal
        open={previewing !== undefined}
        label={previewing?.name ?? t('ordering.bundles.modalLabel')}
        onClose={() => setPreviewing(undefined)}
      >
        {previewing && (
          <>
            <h3>{previewing.name}</h3>
            <p>{previewing.description}</p>
            <ul>
              {previewing.optionBundleEntries.map((entry) => (
                <li key={entry.itemsOptionId}>
                  {t('ordering.bundles.entry', {
                    quantity: entry.quantity,
                    name: optionName(options, entry.itemsOptionId),
                    price: formatCents(entry.itemsOption.price),
                  })}
                </li>
              ))}
            </ul>
            <p>{t('ordering.bundles.totalValue', { value: formatCents(bundleTotalValue(previewing)) })}</p>
            <Button onClick={() => setPreviewing(undefined)}>{t('ordering.bundles.close')}</Button>
          </>
        )}
      </Modal>
    </div>
  );
});

import { coverFeesLabel, useT } from '@fu/shared';
import type { CheckoutOrder } from '../api/checkoutApi';

/**
 * Issue 19 "Cover the fees": an optional box, unticked until the supporter ticks it, offered only
 * when the server prices one (coverFeesAmount > 0). Global fp- classes: the server paints its words
 * in the same box for the order's owner, the checkbox's place kept empty until the app takes over.
 */
export function CoverFeesBox({
  order,
  checked,
  onChange,
}: {
  order: CheckoutOrder;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const t = useT();
  if (order.coverFeesAmount <= 0) return null;
  return (
    <label className="fp-checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>{coverFeesLabel(order, t)}</span>
    </label>
  );
}

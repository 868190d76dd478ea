import { NotFound, Route, Routes } from '@fu/shared';
import { CheckoutPage } from './features/checkout';
import { CashCheckPage } from './features/cash-check';
import { ReceiptPage } from './features/receipt';
import { ReceiptLookupPage } from './features/receipt-lookup';

/** Checkout routes (spec §2 Checkout) and the receipt lookup, relative to where the shell mounts this remote. */
export function App() {
  return (
    <Routes>
      <Route path="Checkout/:orderId" element={<CheckoutPage />} />
      <Route path="CheckoutCashCheck/:orderId/:cashcheck" element={<CashCheckPage />} />
      <Route path="Receipt/:orderId" element={<ReceiptPage />} />
      <Route path="Receipts" element={<ReceiptLookupPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default App;

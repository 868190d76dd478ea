import { checkoutApi } from './api/checkoutApi';

/** After 'success': the digital receipt, or home when the receipt cannot be had (spec §8). */
export async function goToReceipt(appSiteUrl: string, orderId: number): Promise<void> {
  try {
    window.location.assign(await checkoutApi.digitalReceipt(appSiteUrl, orderId));
  } catch {
    // The order is paid either way.
    window.location.assign('/');
  }
}

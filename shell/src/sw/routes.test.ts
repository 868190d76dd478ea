import { isAppScript, isImmutableChunk, isWalletApi, isWalletImage } from './routes';

describe('what the offline wallet keeps', () => {
  it('keeps the ticket API reads of the wallet pages, and no write or other API', () => {
    for (const read of ['CheckSessionStatus', 'GetSession', 'GetOffers', 'GetTicketOfferDetails', 'GetTeam']) {
      expect(isWalletApi(`/api/Tickets/${read}`)).toBe(true);
    }
    expect(isWalletApi('/api/Tickets/RedeemTicketPurchaseOffer')).toBe(false);
    expect(isWalletApi('/api/Tickets/GetTicketPurchases')).toBe(false);
    expect(isWalletApi('/api/Orders/GetOrder')).toBe(false);
    expect(isWalletApi('/api/Tickets/GetOffers/extra')).toBe(false);
  });

  it('keeps the site’s images and uploads', () => {
    expect(isWalletImage('/images/burger-barn.svg')).toBe(true);
    expect(isWalletImage('/uploads/team/1.png')).toBe(true);
    expect(isWalletImage('/api/Orders/GetReceiptPdf')).toBe(false);
  });

  it('treats remote entries and chunks as app code, and only hashed chunks as immutable', () => {
    const entry = new URL('http://localhost:8083/remoteEntry.js');
    const chunk = new URL('http://localhost:8083/512.3fa9c2d1.js');
    expect(isAppScript(entry, 'script')).toBe(true);
    expect(isAppScript(entry, '')).toBe(true);
    expect(isAppScript(chunk, 'script')).toBe(true);
    expect(isAppScript(new URL('http://localhost:8080/api/Tickets/GetOffers'), '')).toBe(false);
    expect(isImmutableChunk(chunk)).toBe(true);
    expect(isImmutableChunk(entry)).toBe(false);
  });
});

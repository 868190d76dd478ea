import { isAppScript, isImmutableChunk, isWalletApi, isWalletImage, pageNamesScript } from './routes';

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

describe('pageNamesScript', () => {
  const page = '<head><script defer="defer" src="/main.js?3f2a9c"></script></head>';
  const minified = '<head><script defer src=/main.js?3f2a9c></script></head>';
  const script = (search: string) => new URL(`https://site.example/main.js${search}`);

  it("is true for the build's own main.js, quoted or not", () => {
    expect(pageNamesScript(page, script('?3f2a9c'))).toBe(true);
    expect(pageNamesScript(minified, script('?3f2a9c'))).toBe(true);
  });

  it("is false for another build's main.js, a longer hash or none", () => {
    expect(pageNamesScript(page, script('?77aa01'))).toBe(false);
    expect(pageNamesScript(page, script('?3f2a'))).toBe(false);
    expect(pageNamesScript(page, script(''))).toBe(false);
  });
});

import { sendLinkDigits, ticketLink } from './sendLink';

describe('send link (spec §5, §9)', () => {
  it('takes 10 or 11 digits and nothing else', () => {
    expect(sendLinkDigits('5125550188')).toBe('5125550188');
    expect(sendLinkDigits('15125550188')).toBe('15125550188');
    expect(sendLinkDigits('512555018')).toBeNull();
    expect(sendLinkDigits('(512) 555-0188')).toBeNull();
    expect(sendLinkDigits('151255501889')).toBeNull();
  });

  it('builds the ticket link from the origin', () => {
    expect(ticketLink('https://site.test', 'abc')).toBe('https://site.test/activateticket/abc');
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { App } from './App';

describe('remote-tickets routes', () => {
  it.each([
    ['/MyOffers/abc', 'Offers'],
    ['/TicketPreview/1', 'Offers'],
    ['/MyOffers/abc/Redeem/3', 'Redeem Offer'],
    ['/activateticket/abc', 'Activate Your Ticket'],
    ['/ReactivateTicket/abc', 'Reactivate Your Ticket'],
    ['/ActivateTicket/abc/Confirmation', 'Check Your Phone'],
    ['/ActivateTicket/abc/Confirmation/5551234567', 'Check Your Phone'],
    ['/ActivateTicket/abc/RegisterDevice/5551234567', 'Register This Device'],
    ['/MyTeam/abc', 'school team Resources'],
    ['/ManageDiscounts/abc', 'Your Ticket Purchases'],
    ['/Team/4', 'Team'],
  ])('%s shows %s', (path, heading) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <App />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

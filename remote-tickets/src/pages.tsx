import { firstCalls, type Page } from '@fu/shared';
import { HistoryPage, OffersPage, RedeemOfferPage, TicketPreviewPage } from './features/offers';
import { ActivateTicketPage, ActivationConfirmationPage, RegisterDevicePage } from './features/activation';
import { MyTicketPage } from './features/my-ticket';
import { MyTeamPage } from './features/my-team';
import { ManageDiscountsPage } from './features/purchases';
import { TeamEditPage } from './features/team-edit';

/** The ticket and offers pages (spec §2 Ticket and offers): the one place each is declared. */
export const pages: readonly Page[] = [
  {
    path: '/MyOffers/:sessionGuid',
    element: <OffersPage />,
    // The status, the session and its offers: each takes the page's guid, so all three are preloaded
    // at once instead of one after another (a session's offers are asked for by its own guid, and a
    // ticket's sample by the ticket's, as the page is addressed).
    firstCalls: (p) => [
      firstCalls.ticketSessionStatus(p.sessionGuid!),
      firstCalls.ticketSession(p.sessionGuid!),
      firstCalls.ticketOffers(p.sessionGuid!),
    ],
    // A bought ticket answers its bound device's cookie, which is also set on this path
    // (server/src/tickets/deviceCookie.ts): the holder's wallet, so never stored. The page trusts a
    // served refusal no further than to ask again itself (useTicketSession).
    holdersOnly: true,
  },
  { path: '/MyOffers/:sessionGuid/Redeem/:ticketOfferId', element: <RedeemOfferPage /> },
  { path: '/MyOffers/:sessionGuid/History', element: <HistoryPage /> },
  { path: '/TicketPreview/:fundraiserId', element: <TicketPreviewPage /> },
  { path: '/ActivateTicket/:guid', element: <ActivateTicketPage /> },
  { path: '/ReactivateTicket/:guid', element: <ActivateTicketPage reactivate /> },
  { path: '/ActivateTicket/:guid/Confirmation/:phoneNumber?', element: <ActivationConfirmationPage /> },
  { path: '/ActivateTicket/:guid/RegisterDevice/:phoneNumber?', element: <RegisterDevicePage /> },
  { path: '/MyTicket/:guid', element: <MyTicketPage /> },
  { path: '/MyTeam/:guid', element: <MyTeamPage /> },
  { path: '/ManageDiscounts/:ticketPurchaseGuid', element: <ManageDiscountsPage /> },
  // Staff's admin token is in this tab's session storage: only the browser can draw this page.
  { path: '/Team/:ticketId', element: <TeamEditPage />, serverRenders: false },
];

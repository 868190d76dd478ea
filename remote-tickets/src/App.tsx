import { NotFound, Route, Routes } from '@fu/shared';
import { HistoryPage, OffersPage, RedeemOfferPage, TicketPreviewPage } from './features/offers';
import { ActivateTicketPage, ActivationConfirmationPage, RegisterDevicePage } from './features/activation';
import { MyTicketPage } from './features/my-ticket';
import { MyTeamPage } from './features/my-team';
import { ManageDiscountsPage } from './features/purchases';
import { TeamEditPage } from './features/team-edit';

/** Ticket and offers routes (spec §2 Ticket and offers). */
export function App() {
  return (
    <Routes>
      <Route path="MyOffers/:sessionGuid" element={<OffersPage />} />
      <Route path="MyOffers/:sessionGuid/Redeem/:ticketOfferId" element={<RedeemOfferPage />} />
      <Route path="MyOffers/:sessionGuid/History" element={<HistoryPage />} />
      <Route path="TicketPreview/:fundraiserId" element={<TicketPreviewPage />} />
      <Route path="ActivateTicket/:guid" element={<ActivateTicketPage />} />
      <Route path="ReactivateTicket/:guid" element={<ActivateTicketPage reactivate />} />
      <Route path="ActivateTicket/:guid/Confirmation/:phoneNumber?" element={<ActivationConfirmationPage />} />
      <Route path="ActivateTicket/:guid/RegisterDevice/:phoneNumber?" element={<RegisterDevicePage />} />
      <Route path="MyTicket/:guid" element={<MyTicketPage />} />
      <Route path="MyTeam/:guid" element={<MyTeamPage />} />
      <Route path="ManageDiscounts/:ticketPurchaseGuid" element={<ManageDiscountsPage />} />
      <Route path="Team/:ticketId" element={<TeamEditPage />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

export default App;

import { call, callFirst, firstCalls } from '@fu/shared';

/** Spec §7 api/Tickets/ calls. Each fails on a non-ok response (spec §8). */
export const ticketsApi = {
  // The wallet's first calls, built by firstCalls: the server preloads all three in the page's HTML,
  // so the chain status → session → offers waits on no request of its own.
  session: (ticketPurchaseSessionGuid: string) => callFirst(firstCalls.ticketSession(ticketPurchaseSessionGuid)),
  sessionStatus: (ticketPurchaseSessionGuid: string) =>
    callFirst(firstCalls.ticketSessionStatus(ticketPurchaseSessionGuid)),
  checkSession: (ticketPurchaseSessionGuid: string) =>
    call('GET /api/Tickets/CheckSession', { query: { ticketPurchaseSessionGuid } }),
  offers: (ticketPurchaseSessionGuid: string) => callFirst(firstCalls.ticketOffers(ticketPurchaseSessionGuid)),
  offer: (ticketPurchaseSessionGuid: string, ticketOfferId: number) =>
    call('GET /api/Tickets/GetTicketOfferDetails', { query: { ticketPurchaseSessionGuid, ticketOfferId } }),
  fundraisersTicket: (fundraiserId: number) =>
    call('GET /api/Tickets/GetFundraisersTicket', { query: { fundraiserId } }),
  /** idempotencyKey: the same key sent again (a saved offline redemption) is counted once. */
  redeem: (ticketPurchaseSessionGuid: string, ticketOfferId: number, idempotencyKey?: string) =>
    call('POST /api/Tickets/RedeemTicketPurchaseOffer', {
      query: { ticketPurchaseSessionGuid, ticketOfferId },
      headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
      body: {},
    }),
  purchases: (ticketPurchaseGuid: string) =>
    call('GET /api/Tickets/GetTicketPurchases', { query: { ticketPurchaseGuid } }),
  shareTicket: (ticketPurchaseGuid: string, phoneNumber: string, ticketPurchaseSessionGuid: string) =>
    call('GET /api/Tickets/ShareTicketPurchase', {
      query: { ticketPurchaseGuid, phoneNumber, ticketPurchaseSessionGuid },
    }),
  team: (teamId: number) => call('GET /api/Tickets/GetTeam', { query: { teamId } }),
  addPhone: (ticketPurchaseSessionGuid: string, phoneNumber: string) =>
    call('POST /api/Tickets/AddPhone', { body: { ticketPurchaseSessionGuid, phoneNumber } }),
  accessLink: (ticketPurchaseSessionGuid: string, phoneNumber: string) =>
    call('GET /api/Tickets/CreateAccessLink', { query: { ticketPurchaseSessionGuid, phoneNumber } }),
  checkActivationLink: (ticketPurchaseSessionGuid: string, code: string) =>
    call('GET /api/Tickets/RedeemActivationLink', { query: { ticketPurchaseSessionGuid, code } }),
  redeemLink: (ticketPurchaseSessionGuid: string, code: string) =>
    call('POST /api/Tickets/RedeemLink', { body: { ticketPurchaseSessionGuid, code } }),
  /** ManageDiscounts "Use on This Phone": where this browser goes to register one ticket of the purchase. */
  registerOnThisPhone: (ticketPurchaseGuid: string, ticketPurchaseSessionGuid: string) =>
    call('POST /api/Tickets/UseTicketHere', { body: { ticketPurchaseGuid, ticketPurchaseSessionGuid } }),
};

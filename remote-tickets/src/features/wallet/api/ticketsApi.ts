import {
  api,
  type FundraisersTicketResponse,
  type RedeemOfferResponse,
  type SessionCheck,
  type SessionStatus,
  type TeamResponse,
  type TicketMessage,
  type TicketOffer,
  type TicketPurchasesResponse,
  type TicketSession,
  type TicketStepResult,
} from '@fu/shared';

const get = <T>(path: string, params: Record<string, string | number>) =>
  api.get<T>(`/api/Tickets/${path}`, { params }).then((r) => r.data);

/** Spec §7 api/Tickets/ calls. Each fails on a non-ok response (spec §8). */
export const ticketsApi = {
  session: (ticketPurchaseSessionGuid: string) => get<TicketSession>('GetSession', { ticketPurchaseSessionGuid }),
  sessionStatus: (ticketPurchaseSessionGuid: string) =>
    get<SessionStatus>('CheckSessionStatus', { ticketPurchaseSessionGuid }),
  checkSession: (ticketPurchaseSessionGuid: string) => get<SessionCheck>('CheckSession', { ticketPurchaseSessionGuid }),
  offers: (ticketPurchaseSessionGuid: string) => get<TicketOffer[]>('GetOffers', { ticketPurchaseSessionGuid }),
  offer: (ticketPurchaseSessionGuid: string, ticketOfferId: number) =>
    get<TicketOffer>('GetTicketOfferDetails', { ticketPurchaseSessionGuid, ticketOfferId }),
  fundraisersTicket: (fundraiserId: number) => get<FundraisersTicketResponse>('GetFundraisersTicket', { fundraiserId }),
  /** idempotencyKey: the same key sent again (a saved offline redemption) is counted once. */
  redeem: (ticketPurchaseSessionGuid: string, ticketOfferId: number, idempotencyKey?: string) =>
    api
      .post<RedeemOfferResponse>(
        '/api/Tickets/RedeemTicketPurchaseOffer',
        {},
        {
          params: { ticketPurchaseSessionGuid, ticketOfferId },
          headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined,
        },
      )
      .then((r) => r.data),
  purchases: (ticketPurchaseGuid: string) => get<TicketPurchasesResponse>('GetTicketPurchases', { ticketPurchaseGuid }),
  shareTicket: (ticketPurchaseGuid: string, phoneNumber: string, ticketPurchaseSessionGuid: string) =>
    get<TicketMessage>('ShareTicketPurchase', { ticketPurchaseGuid, phoneNumber, ticketPurchaseSessionGuid }),
  team: (teamId: number) => get<TeamResponse>('GetTeam', { teamId }),
  addPhone: (ticketPurchaseSessionGuid: string, phoneNumber: string) =>
    api.post<TicketStepResult>('/api/Tickets/AddPhone', { ticketPurchaseSessionGuid, phoneNumber }).then((r) => r.data),
  accessLink: (ticketPurchaseSessionGuid: string, phoneNumber: string) =>
    get<TicketStepResult>('CreateAccessLink', { ticketPurchaseSessionGuid, phoneNumber }),
  checkActivationLink: (ticketPurchaseSessionGuid: string, code: string) =>
    get<TicketStepResult>('RedeemActivationLink', { ticketPurchaseSessionGuid, code }),
  redeemLink: (ticketPurchaseSessionGuid: string, code: string) =>
    api.post<TicketStepResult>('/api/Tickets/RedeemLink', { ticketPurchaseSessionGuid, code }).then((r) => r.data),
};

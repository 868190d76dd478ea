import { TICKET_MESSAGES, type TicketStepResult } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import type { Database } from '../../platform/db/client';
import { HttpError, notFound } from '../../platform/http/errors';
import type { TextConsentRepository } from '../../messaging/repositories/textConsents';
import type { TextSenderRepository } from '../../messaging/repositories/textSenders';
import type { TicketRepository } from '../repositories/tickets';
import { newToken, sha256, tokenFrom } from '../../platform/security/tokens';
import type { SmsProvider } from '../../messaging/sms';
import { textSender } from '../../messaging/sms/sender';
import { textSafeName } from '../../messaging/sms/textSafe';
import { activationText, activationTexted, registerDeviceUrl } from '../texts';
import { ticketAccess, type UsableTicket } from './ticketAccess';
import { bindDevice, checkActivationCode, issueActivationCode, type ActivationKind } from './ticketActivationCodes';
import { sendTicketText } from './ticketSms';

/**
 * Spec §4 activation, one method per page call: a phone is registered on the ticket and texted a
 * single-use link; the browser that opens it becomes the ticket's one device. Each step starts from
 * the ticket's access state for the calling browser (tickets/services/ticketAccess.ts). A phone typed
 * on ActivateTicket or ReactivateTicket to get the ticket's texts is a consent, recorded (issue 34).
 */
export function ticketActivation(
  db: Database,
  {
    tickets,
    textSenders: senders,
    textConsents,
  }: { tickets: TicketRepository; textSenders: TextSenderRepository; textConsents: TextConsentRepository },
  sms: SmsProvider,
  options: { publicUrl: string; linkMinutes: number },
) {
  const access = ticketAccess(tickets);

  /**
   * Issues a code and texts the RegisterDevice link for it to the phone, under the ticket's school and
   * team; the phone's consent to the ticket's texts, given on `page`, is recorded first. The text and
   * the answer are in `language`, the page's.
   */
  async function textActivationLink(
    ticket: UsableTicket,
    phone: string,
    kind: ActivationKind,
    page: 'ActivateTicket' | 'ReactivateTicket',
    language: Language,
  ) {
    const { session } = ticket;
    await textConsents.record({
      phone,
      scope: 'ticket_texts',
      action: 'given',
      method: 'web_form',
      source: `/${page}/${session.guid}`,
    });
    const code = await issueActivationCode(db, { sessionId: session.id, phone, kind, minutes: options.linkMinutes });
    const url = registerDeviceUrl(options.publicUrl, session.guid, phone, code);
    const names = {
      sender: textSender(await senders.ofFundraiser(ticket.ticket.fundraiserId)),
      ticketName: textSafeName(ticket.ticket.name, ''),
    };
    await sendTicketText(sms, phone, activationText(names, options.linkMinutes, url, language));
    return {
      success: true,
      redirect: `/ActivateTicket/${session.guid}/Confirmation/${phone}`,
      message: activationTexted(phone, language),
    };
  }

  return {
    /**
     * ActivateTicket: registers the phone and texts it an activation link. Once the ticket is
     * activated (on a device, or before the import) its phone is fixed: only that phone can ask
     * for a new link, which moves the ticket to whichever device opens it.
     */
    async addPhone(
      guid: string,
      phone: string,
      deviceCookie: string | undefined,
      language: Language = 'en',
    ): Promise<TicketStepResult> {
      const ticket = await access.usableOrFail(guid, deviceCookie);
      const { session } = ticket;
      if (ticket.state === 'boundHere') {
        return {
          success: true,
          redirect: `/MyOffers/${session.guid}/`,
          message: 'This ticket is already registered on this device.',
        };
      }
      if (ticket.state === 'boundElsewhere' || ticket.importedActive) {
        if (session.phone !== phone) throw new HttpError(409, 'This ticket is already registered to another phone.');
        return textActivationLink(
          ticket,
          phone,
          ticket.state === 'boundElsewhere' ? 'reactivate' : 'activate',
          'ActivateTicket',
          language,
        );
      }
      if (!(await tickets.registerPhone(session.id, phone))) {
        throw new HttpError(409, 'This ticket was just registered on another device.');
      }
      return textActivationLink(ticket, phone, 'activate', 'ActivateTicket', language);
    },

    /** ReactivateTicket: texts a fresh link to the phone registered on the ticket, which must be the one typed. */
    async createAccessLink(guid: string, phone: string, language: Language = 'en'): Promise<TicketStepResult> {
      const ticket = await access.usableOrFail(guid);
      const registered = ticket.session.phone;
      if (!registered) throw new HttpError(409, 'No phone is registered to this ticket yet. Please activate it first.');
      if (registered !== phone) throw new HttpError(403, 'That is not the phone number registered to this ticket.');
      return textActivationLink(
        ticket,
        phone,
        ticket.state === 'unactivated' ? 'activate' : 'reactivate',
        'ReactivateTicket',
        language,
      );
    },

    /**
     * ManageDiscounts "Use on This Phone": one ticket of the purchase, to be registered on the
     * browser that asks, through the same single-use code and RegisterDevice step as a texted link.
     * The browser that bought the purchase (the browser key of its order, docs/security.md) needs no
     * text: its checkout phone, the purchase's phone, is the phone registered, and the code comes in
     * the answer. Any other browser holding the purchase guid learns nothing more and goes to the
     * phone form, as the ticket's plain link does.
     */
    async useHere(
      purchaseGuid: string,
      sessionGuid: string,
      deviceCookie: string | undefined,
      browserKeyHash: string | undefined,
    ): Promise<TicketStepResult> {
      const purchase = await tickets.purchaseByGuid(purchaseGuid);
      if (!purchase || purchase.revokedAt) throw notFound(TICKET_MESSAGES.noPurchase);
      const named = await tickets.resolve(sessionGuid);
      if (named?.kind !== 'session' || named.purchase.id !== purchase.id) {
        throw notFound('That ticket is not part of this purchase.');
      }
      const ticket = await access.usableOrFail(sessionGuid, deviceCookie);
      const { session } = ticket;
      if (ticket.state === 'boundHere') {
        return {
          success: true,
          redirect: `/MyOffers/${session.guid}/`,
          message: 'This ticket is already on this device.',
        };
      }
      if (ticket.state === 'boundElsewhere' || ticket.importedActive) {
        throw new HttpError(409, 'This ticket is already activated, so it can no longer be registered from here.');
      }
      if (!purchase.phone || !(await tickets.boughtInBrowser(purchase, browserKeyHash))) {
        return {
          success: true,
          redirect: `/ActivateTicket/${session.guid}`,
          message: 'Enter the phone number that will hold this ticket. We will text it a link to finish registering.',
        };
      }
      const code = await issueActivationCode(db, {
        sessionId: session.id,
        phone: purchase.phone,
        kind: 'activate',
        minutes: options.linkMinutes,
      });
      return {
        success: true,
        redirect: `/ActivateTicket/${session.guid}/RegisterDevice?code=${code}`,
        message: 'Confirm to register this ticket on this device.',
      };
    },

    /** RegisterDevice page: is the texted code still good? Looks only (link previews too); redeemLink uses it. */
    async checkLink(guid: string, code: string, deviceCookie: string | undefined): Promise<TicketStepResult> {
      const ticket = await access.usableOrFail(guid, deviceCookie);
      if (ticket.state === 'boundHere') {
        return {
          success: true,
          redirect: `/MyOffers/${ticket.session.guid}/`,
          message: 'This ticket is already on this device.',
        };
      }
      const { kind } = await checkActivationCode(db, ticket.session.id, code);
      return {
        success: true,
        redirect: null,
        message:
          kind === 'reactivate'
            ? 'Confirm to move this ticket to this device. It will stop working on the other device.'
            : 'Confirm to register this ticket on this device.',
      };
    },

    /**
     * RegisterDevice: uses the texted code and binds this browser to the ticket. One token per
     * browser: a device holding two tickets keeps one cookie for both. Answers the token to set.
     */
    async redeemLink(
      guid: string,
      code: string,
      deviceCookie: string | undefined,
    ): Promise<{ deviceToken: string; result: TicketStepResult }> {
      const ticket = await access.usableOrFail(guid);
      const deviceToken = tokenFrom(deviceCookie) ?? newToken();
      const { alreadyBound } = await bindDevice(db, {
        sessionId: ticket.session.id,
        code,
        tokenHash: sha256(deviceToken),
      });
      return {
        deviceToken,
        result: {
          success: true,
          redirect: `/MyOffers/${ticket.session.guid}/`,
          message: alreadyBound
            ? 'This ticket is already on this device.'
            : 'Your ticket is registered on this device.',
        },
      };
    },
  };
}

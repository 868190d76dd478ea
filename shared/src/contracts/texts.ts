// Issue 34: texts by the rules (TCPA, CTIA/10DLC). The texts phones send us, posted by the SMS
// provider's signed webhook, and every consent to texts given or revoked, for the admin app
// (docs/texting.md, docs/admin-api.md).
import { Type, type Static } from 'typebox';

/**
 * POST /api/Sms/Inbound: a text a phone sent to our number, as the SMS provider posts it
 * (application/x-www-form-urlencoded, Twilio's field names; any other field is ignored). Signed
 * with SMS_INBOUND_SECRET (X-SMS-Timestamp, X-SMS-Signature: docs/operations.md).
 */
export const InboundText = Type.Object({
  /** The phone that sent it, E.164 (`+15125550101`). */
  From: Type.String({ minLength: 1, maxLength: 32 }),
  /** The text, as the phone sent it (1600 characters at most: ten segments). */
  Body: Type.String({ maxLength: 1600 }),
  /** The provider's id for the message: a second delivery of one id does nothing. */
  MessageSid: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** Our number it was sent to. */
  To: Type.Optional(Type.String({ maxLength: 32 })),
});
export type InboundText = Static<typeof InboundText>;

/** What the text did (server/src/messaging/services/inboundTexts.ts InboundAction). */
export const InboundTextAnswer = Type.Object({
  action: Type.Union([
    Type.Literal('opted_out'),
    Type.Literal('already_opted_out'),
    Type.Literal('opted_in'),
    Type.Literal('not_opted_out'),
    Type.Literal('help'),
    Type.Literal('none'),
    Type.Literal('duplicate'),
    Type.Literal('ignored'),
  ]),
});
export type InboundTextAnswer = Static<typeof InboundTextAnswer>;

/** GET /api/Admin/GetTextConsents?phone=: a phone number, in any form the site takes (`(512) 555-0101`). */
export const TextConsentsQuery = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 32 }) });
export type TextConsentsQuery = Static<typeof TextConsentsQuery>;

/**
 * POST /api/Admin/OptOutPhone: the phone's owner asked support, by call or e-mail, to stop every text
 * (the TCPA's "any reasonable means"). The phone is opted out as by a texted STOP, without a text.
 */
export const OptOutPhoneRequest = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 32 }) });
export type OptOutPhoneRequest = Static<typeof OptOutPhoneRequest>;

/** One consent given or revoked. */
export const TextConsent = Type.Object({
  /**
   * What for: `reminders`, `ticket_texts`, or `all` (a STOP or START covers every kind of text);
   * `parental_consent`: a parent agreed, from this phone, to a younger student's page and to its
   * texts coming to this phone (issue 34, COPPA).
   */
  scope: Type.Union([
    Type.Literal('reminders'),
    Type.Literal('ticket_texts'),
    Type.Literal('all'),
    Type.Literal('parental_consent'),
  ]),
  action: Type.Union([Type.Literal('given'), Type.Literal('revoked')]),
  /** How: a page's form, a texted confirmation link opened, a keyword texted to us, an admin. */
  method: Type.Union([
    Type.Literal('web_form'),
    Type.Literal('confirmation_link'),
    Type.Literal('keyword'),
    Type.Literal('admin'),
  ]),
  /** The page (its path, no query), the keyword as texted (`Stop.`), or the admin who acted (X-Admin-User). */
  source: Type.String(),
  at: Type.String({ description: 'ISO 8601' }),
});
export type TextConsent = Static<typeof TextConsent>;

/** The phone's consents, oldest first, and whether it is opted out of every text now (it replied STOP). */
export const TextConsents = Type.Object({
  phone: Type.String({ description: 'The stored form: 10 digits.' }),
  optedOut: Type.Boolean(),
  consents: Type.Array(TextConsent),
});
export type TextConsents = Static<typeof TextConsents>;

import { Type, type Static } from 'typebox';
import { Guid } from './common';

/**
 * Issue 34 (docs/privacy.md): a family leaves the directory. A student page's holder asks for a
 * texted link that deletes it (RequestPageDeletion), then uses its code on the page (DeletePage).
 */
export const PageDeletionRequest = Type.Object({ fundraiserDeviceGuid: Guid });
export type PageDeletionRequest = Static<typeof PageDeletionRequest>;

export const DeletePageRequest = Type.Object({
  fundraiserDeviceGuid: Guid,
  code: Type.String({ minLength: 1, maxLength: 64 }),
});
export type DeletePageRequest = Static<typeof DeletePageRequest>;

/** POST /api/Admin/EraseStudent: every student page of the phone, as their holder deletes one. */
export const EraseStudentRequest = Type.Object({ phone: Type.String({ minLength: 1, maxLength: 32 }) });
export type EraseStudentRequest = Static<typeof EraseStudentRequest>;

/** POST /api/Admin/EraseSupporter: every order with that phone or e-mail (either or both). */
export const EraseSupporterRequest = Type.Object({
  phone: Type.Optional(Type.String({ minLength: 1, maxLength: 32 })),
  email: Type.Optional(Type.String({ minLength: 1, maxLength: 254 })),
});
export type EraseSupporterRequest = Static<typeof EraseSupporterRequest>;

/** One erasure as the audit keeps it: what, why, matched how, by whom, how many, when. Never whose. */
export const Erasure = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('student'), Type.Literal('supporter'), Type.Literal('retention')]),
  reason: Type.Union([Type.Literal('page_holder'), Type.Literal('admin'), Type.Literal('retention')]),
  /** `page`, `phone`, `email`, `phone_and_email` or `policy`. */
  matchedBy: Type.String(),
  /** The admin app's user (X-Admin-User), `page holder` or `retention job`. */
  actor: Type.String(),
  pages: Type.Integer(),
  orders: Type.Integer(),
  messages: Type.Integer(),
  /** ISO 8601. */
  at: Type.String(),
});
export type Erasure = Static<typeof Erasure>;

export const ErasuresQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type ErasuresQuery = Static<typeof ErasuresQuery>;

export const Erasures = Type.Array(Erasure);
export type Erasures = Static<typeof Erasures>;

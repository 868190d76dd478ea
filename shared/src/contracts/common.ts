import { Type, type Static } from 'typebox';
import { GUID_LENGTH, GUID_PATTERN } from '../rules/guid';

/**
 * Every 4xx/5xx body: a sentence for people, per-field messages where a form can show them, and on a
 * 503 for a dependency that is away a fixed phrase saying which (`reason: 'database unavailable'`).
 */
export const ApiError = Type.Object({
  message: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  reason: Type.Optional(Type.String()),
});
export type ApiError = Static<typeof ApiError>;

/** Query ids arrive as strings; these coerce to integers and reject anything else with a 400. */
export const IntegerId = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
/** A strict UUID: guids go straight into uuid columns, so anything else must be a 400, never a cast error. */
export const Guid = Type.String({
  minLength: GUID_LENGTH,
  maxLength: GUID_LENGTH,
  pattern: GUID_PATTERN,
});

/** Money is integer cents everywhere. */
export const Cents = Type.Integer({ minimum: 0 });
export const NullableString = Type.Union([Type.String(), Type.Null()]);

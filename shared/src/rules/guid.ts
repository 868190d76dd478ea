/** Spec §9: guids are 36 characters (a UUID with dashes). */
export const GUID_LENGTH = 36;

/** A strict UUID, as a JSON-schema pattern (contracts) and as a test (pages, server). */
export const GUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const GUID = new RegExp(GUID_PATTERN);

export const isGuid = (value: unknown): value is string => typeof value === 'string' && GUID.test(value);

// Spec §5: a team's photo is a PNG or a JPEG. The team form checks the file a person picks; the
// server checks the upload's label and its bytes. Both refuse with the spec's sentence, whose
// Spanish is @fu/shared's (shared/src/i18n/es.json).

export const TEAM_PHOTO_MESSAGE = 'Valid png or jpeg required.';

export const TEAM_PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

export type TeamPhotoType = (typeof TEAM_PHOTO_TYPES)[number];

export const isTeamPhotoType = (type: string): type is TeamPhotoType =>
  (TEAM_PHOTO_TYPES as readonly string[]).includes(type);

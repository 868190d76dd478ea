import { isTeamPhotoType, TEAM_PHOTO_MESSAGE, type FieldError } from '@fu/shared';

/** Spec §5 team form messages, word for word. */
export const TEAM_FORM_MESSAGES = {
  name: 'Team name is required.',
  imgUrl: 'Valid url is required.',
  imgFile: TEAM_PHOTO_MESSAGE,
  link: (n: 1 | 2 | 3) => `Valid link${n} is required.`,
} as const;

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export interface TeamFormValues {
  name: string;
  imgUrl: string;
  imgFile: File | null;
  link1: string;
  link2: string;
  link3: string;
}

export const isWebUrl = (value: string) => {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Every field is required; a chosen file stands in for the photo url and must be a png or jpeg. */
export function validateTeamForm(values: TeamFormValues): FieldError[] {
  const errors: FieldError[] = [];
  if (!values.name.trim()) errors.push({ field: 'team-name', message: TEAM_FORM_MESSAGES.name });
  if (values.imgFile) {
    if (!isTeamPhotoType(values.imgFile.type) || values.imgFile.size > MAX_PHOTO_BYTES) {
      errors.push({ field: 'team-img-file', message: TEAM_FORM_MESSAGES.imgFile });
    }
  } else if (!isWebUrl(values.imgUrl)) {
    errors.push({ field: 'team-img-url', message: TEAM_FORM_MESSAGES.imgUrl });
  }
  ([1, 2, 3] as const).forEach((n) => {
    if (!isWebUrl(values[`link${n}`])) errors.push({ field: `team-link${n}`, message: TEAM_FORM_MESSAGES.link(n) });
  });
  return errors;
}

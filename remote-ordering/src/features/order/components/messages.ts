/** Spec §8: the message an inactive fundraiser shows, with the team's message video. */
export const INACTIVE_MESSAGE = 'This fundraiser is no longer active. Thank you for your support.';

/** Support details shown on the Help page (spec §2 Help). */
export const supportContacts = {
  phoneDisplay: '(888) 555-0142',
  phoneHref: 'tel:+18885550142',
  email: 'support@fundraisinguniversity.com',
  registrationGuideUrl: 'https://fundraisinguniversity.com/registration-guide',
  franchiseUrl: 'https://fundraisinguniversity.com/start-a-fundraiser',
  replyWithinHours: 24,
} as const;

/** Support details shown on the Help page (spec §2 Help): shared with the server's answer to a texted HELP. */
export { SUPPORT_CONTACTS as supportContacts } from '@fu/shared';

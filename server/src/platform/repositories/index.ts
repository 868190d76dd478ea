import type { Database } from '../db/client';
import { adminFundraiserRepository } from '../../admin/repositories/adminFundraisers';
import { adminSchoolRepository } from '../../admin/repositories/adminSchools';
import { adminTicketRepository } from '../../admin/repositories/adminTickets';
import { adminVendorRepository } from '../../admin/repositories/adminVendors';
import { collectedCashRepository } from '../../orders/repositories/collectedCash';
import { deviceRepository } from '../../students/repositories/devices';
import { emailBudgetRepository } from '../../messaging/repositories/emailBudgets';
import { emailOutboxRepository } from '../../messaging/repositories/emailOutbox';
import { fundraiserRepository } from '../../catalog/repositories/fundraisers';
import { linkPreviewRepository } from '../../pages/repositories/linkPreviews';
import { logRepository } from '../../browserLogs/repositories/logs';
import { orderNoticeRepository } from '../../orders/repositories/orderNotices';
import { optOutRepository } from '../../messaging/repositories/optOuts';
import { orderRepository } from '../../orders/repositories/orders';
import { phoneBudgetRepository } from '../../messaging/repositories/phoneBudgets';
import { progressRepository } from '../../catalog/repositories/progress';
import { releaseRepository } from '../../releases/repositories/releases';
import { reminderRepository } from '../../students/repositories/reminders';
import { smsDailyCountRepository } from '../../messaging/repositories/smsDailyCounts';
import { smsOutboxRepository } from '../../messaging/repositories/smsOutbox';
import { textConsentRepository } from '../../messaging/repositories/textConsents';
import { textSenderRepository } from '../../messaging/repositories/textSenders';
import { ticketRepository } from '../../tickets/repositories/tickets';

/**
 * Every repository over one database, each built once: platform/plugins/repositories.ts decorates the app
 * with them (`app.repositories`), and routes, services and adapters are handed the ones they use.
 * `links`: the addresses a fundraiser's order page is given (the card gateway, this site).
 */
export function repositoriesOf(db: Database, links: { gatewayUrl: string; appSiteUrl: string }) {
  const fundraisers = fundraiserRepository(db, links);
  return {
    adminFundraisers: adminFundraiserRepository(db),
    adminSchools: adminSchoolRepository(db),
    adminTickets: adminTicketRepository(db),
    adminVendors: adminVendorRepository(db),
    collectedCash: collectedCashRepository(db),
    devices: deviceRepository(db),
    emailBudgets: emailBudgetRepository(db),
    emailOutbox: emailOutboxRepository(db),
    fundraisers,
    linkPreviews: linkPreviewRepository(db),
    logs: logRepository(db),
    optOuts: optOutRepository(db),
    orderNotices: orderNoticeRepository(db),
    orders: orderRepository(db, fundraisers),
    phoneBudgets: phoneBudgetRepository(db),
    progress: progressRepository(db),
    releases: releaseRepository(db),
    reminders: reminderRepository(db),
    smsDailyCounts: smsDailyCountRepository(db),
    smsOutbox: smsOutboxRepository(db),
    textConsents: textConsentRepository(db),
    textSenders: textSenderRepository(db),
    tickets: ticketRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositoriesOf>;

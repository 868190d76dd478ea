import type { Database } from '../db/client';
import { adminFundraiserRepository } from './adminFundraisers';
import { adminTicketRepository } from './adminTickets';
import { adminVendorRepository } from './adminVendors';
import { collectedCashRepository } from './collectedCash';
import { deviceRepository } from './devices';
import { emailBudgetRepository } from './emailBudgets';
import { emailOutboxRepository } from './emailOutbox';
import { fundraiserRepository } from './fundraisers';
import { linkPreviewRepository } from './linkPreviews';
import { logRepository } from './logs';
import { orderNoticeRepository } from './orderNotices';
import { orderRepository } from './orders';
import { phoneBudgetRepository } from './phoneBudgets';
import { progressRepository } from './progress';
import { releaseRepository } from './releases';
import { reminderRepository } from './reminders';
import { smsDailyCountRepository } from './smsDailyCounts';
import { smsOutboxRepository } from './smsOutbox';
import { textSenderRepository } from './textSenders';
import { ticketRepository } from './tickets';

/**
 * Every repository over one database, each built once: plugins/app/repositories.ts decorates the app
 * with them (`app.repositories`), and routes, services and adapters are handed the ones they use.
 * `links`: the addresses a fundraiser's order page is given (the card gateway, this site).
 */
export function repositoriesOf(db: Database, links: { gatewayUrl: string; appSiteUrl: string }) {
  const fundraisers = fundraiserRepository(db, links);
  return {
    adminFundraisers: adminFundraiserRepository(db),
    adminTickets: adminTicketRepository(db),
    adminVendors: adminVendorRepository(db),
    collectedCash: collectedCashRepository(db),
    devices: deviceRepository(db),
    emailBudgets: emailBudgetRepository(db),
    emailOutbox: emailOutboxRepository(db),
    fundraisers,
    linkPreviews: linkPreviewRepository(db),
    logs: logRepository(db),
    orderNotices: orderNoticeRepository(db),
    orders: orderRepository(db, fundraisers),
    phoneBudgets: phoneBudgetRepository(db),
    progress: progressRepository(db),
    releases: releaseRepository(db),
    reminders: reminderRepository(db),
    smsDailyCounts: smsDailyCountRepository(db),
    smsOutbox: smsOutboxRepository(db),
    textSenders: textSenderRepository(db),
    tickets: ticketRepository(db),
  };
}

export type Repositories = ReturnType<typeof repositoriesOf>;

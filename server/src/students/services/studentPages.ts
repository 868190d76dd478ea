import { ACCESS_MESSAGES, type MyFundraiser, type NewFundraiserDeviceRequest } from '@fu/shared/contracts';
import type { Language } from '@fu/shared/i18n/languages';
import { studentNameProblems, tidyTypedText } from '@fu/shared/rules';
import type { Database } from '../../platform/db/client';
import { HttpError, notFound, pageNotFound } from '../../platform/http/errors';
import { requirePhone } from '../../platform/http/phone';
import type { DeviceRepository } from '../repositories/devices';
import type { OrderRepository } from '../../orders/repositories/orders';
import type { PhoneBudgetRepository } from '../../messaging/repositories/phoneBudgets';
import { FUNDRAISER_CLOSED } from '../../orders/services/createOrder';
import { browserOwnsPhone } from './phoneOwnership';
import { privacyOf } from '../repositories/pagePrivacy';

/** Issue 34 (COPPA): what a private page's share, QR and sale calls answer. */
export const privatePage = () => new HttpError(403, ACCESS_MESSAGES.privatePage);

/** Spec §7 api/Orders/ calls behind the student pages (/Fundraiser, /FundraiserOrders, /Fundraisers). */
export function studentPages(
  db: Database,
  {
    orders,
    devices,
    phoneBudgets: budgets,
  }: { orders: OrderRepository; devices: DeviceRepository; phoneBudgets: PhoneBudgetRepository },
  options: { appSiteUrl: string; newPagesPerPhonePerDay: number },
) {
  const pageOrFail = async (guid: string) => {
    const device = await devices.byGuid(guid);
    if (!device) throw pageNotFound();
    return device;
  };

  return {
    /**
     * My Fundraisers: every page registered to the page's phone, to a browser that confirmed that
     * phone; otherwise only this page (anyone can make a page with any number).
     */
    async myFundraisers(guid: string, browserKeyHash: string | undefined): Promise<MyFundraiser[]> {
      const device = await pageOrFail(guid);
      const allOfPhone = await browserOwnsPhone(db, browserKeyHash, device.phone);
      return devices.fundraisersForDevice(device, allOfPhone);
    },

    /**
     * The student's order link for supporters to scan: their contact link, never the page's own guid.
     * A private page has none (issue 34, COPPA).
     */
    async qrCode(guid: string): Promise<{ url: string }> {
      const device = await devices.byGuid(guid);
      if (!device?.contactGuid) throw pageNotFound();
      if (privacyOf(device).isPrivate) throw privatePage();
      return { url: `${options.appSiteUrl.replace(/\/$/, '')}/Order/Contact/${device.contactGuid}` };
    },

    /** An empty unpaid order for the student's cash/check sale, owned by `ownerKey`'s browser, in `language`. */
    async newCashCheckDraft(guid: string, ownerKey: () => string, language: Language = 'en'): Promise<number> {
      const device = await pageOrFail(guid);
      // A private page credits no sale: its student is named on nothing until a parent confirms.
      if (privacyOf(device).isPrivate) throw privatePage();
      const catalog = await orders.catalogFor(device.fundraiserId);
      if (!catalog?.isActive) throw new HttpError(409, FUNDRAISER_CLOSED);
      return devices.newCashCheckOrder(device, ownerKey(), language);
    },

    /**
     * A new student page of an active fundraiser, within the phone's daily budget of new pages; its
     * guid. Without `studentIs13OrOlder` (the spec's call) the page is private until its holder
     * answers on the page; answered false, until a parent confirms it (issue 34, COPPA). `language`:
     * the page's it was made in, which its texts will speak.
     */
    async newPage(request: NewFundraiserDeviceRequest, language: Language = 'en'): Promise<string> {
      const phone = requirePhone(request.phone);
      const names = studentNameProblems(request.studentFirstName, request.studentLastName);
      if (names.length) throw new HttpError(400, names[0]!.message, names);
      const catalog = await orders.catalogFor(request.fundraiserId);
      if (!catalog) throw notFound('Fundraiser not found.');
      if (!catalog.isActive) throw new HttpError(409, FUNDRAISER_CLOSED);
      if (!(await budgets.take(phone, 'new_page', options.newPagesPerPhonePerDay))) {
        throw new HttpError(429, ACCESS_MESSAGES.tooManyPages);
      }
      return devices.createDevice({
        fundraiserId: request.fundraiserId,
        phone,
        studentFirstName: tidyTypedText(request.studentFirstName),
        studentLastName: tidyTypedText(request.studentLastName),
        studentIs13OrOlder: request.studentIs13OrOlder,
        language,
      });
    },
  };
}

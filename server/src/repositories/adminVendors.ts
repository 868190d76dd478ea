import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { SaveVendorOfferRequest, SaveVendorRequest, Vendor, VendorOffer } from '@fu/shared/contracts';
import type { Database } from '../db/client';
import { fundraisers, schools, ticketOffers, tickets, vendorOffers, vendors } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { blankToNull } from './adminValues';

const offerColumns = {
  id: vendorOffers.id,
  vendorId: vendorOffers.vendorId,
  vendorName: vendors.name,
  vendorState: vendors.state,
  name: vendorOffers.name,
  description: vendorOffers.description,
  photoUrl: vendorOffers.photoUrl,
  photoUrl2: vendorOffers.photoUrl2,
  offerTypeId: vendorOffers.offerTypeId,
};

const vendorColumns = { id: vendors.id, name: vendors.name, photoUrl: vendors.photoUrl, state: vendors.state };

/** Admin: vendors and the offers they give ticket holders. */
export function adminVendorRepository(db: Database) {
  const offers = () =>
    db.select(offerColumns).from(vendorOffers).innerJoin(vendors, eq(vendors.id, vendorOffers.vendorId));

  async function vendor(vendorId: number): Promise<Vendor> {
    const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.id, vendorId));
    if (!row) throw notFound(`Vendor ${vendorId} not found.`);
    return row;
  }

  async function offer(vendorOfferId: number): Promise<VendorOffer> {
    const [row] = await offers().where(eq(vendorOffers.id, vendorOfferId));
    if (!row) throw notFound(`Vendor offer ${vendorOfferId} not found.`);
    return row;
  }

  return {
    vendor,
    offer,

    vendors: (): Promise<Vendor[]> =>
      db.select(vendorColumns).from(vendors).orderBy(asc(vendors.name), asc(vendors.id)),

    allOffers: (): Promise<VendorOffer[]> =>
      offers().orderBy(asc(vendors.name), asc(vendorOffers.name), asc(vendorOffers.id)),

    async offersOfVendor(vendorId: number): Promise<VendorOffer[]> {
      await vendor(vendorId);
      return offers().where(eq(vendorOffers.vendorId, vendorId)).orderBy(asc(vendorOffers.name), asc(vendorOffers.id));
    },

    /** GetVendorOffer: the offer, which must be the vendor's; id 0 gives a blank one for a new offer. */
    async offerOfVendor(vendorOfferId: number, vendorId: number): Promise<VendorOffer> {
      if (vendorOfferId === 0) {
        const owner = await vendor(vendorId);
        return {
          id: 0,
          vendorId,
          vendorName: owner.name,
          vendorState: owner.state,
          name: '',
          description: '',
          photoUrl: null,
          photoUrl2: null,
          offerTypeId: 1,
        };
      }
      const row = await offer(vendorOfferId);
      if (row.vendorId !== vendorId) throw notFound(`Vendor ${vendorId} has no offer ${vendorOfferId}.`);
      return row;
    },

    /**
     * Offers a fundraiser's ticket can add: every vendor's offers, or (filterState) only those of
     * vendors in the state of the fundraiser's school. Offers already on `currentTicket` are left
     * out, so the list is exactly what the admin can still add.
     */
    async availableOffers(fundraiserId: number, currentTicket: number, filterState: boolean): Promise<VendorOffer[]> {
      const [fundraiser] = await db
        .select({ id: fundraisers.id, state: schools.state })
        .from(fundraisers)
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(fundraisers.id, fundraiserId));
      if (!fundraiser) throw notFound(`Fundraiser ${fundraiserId} not found.`);
      let onTicket: number[] = [];
      if (currentTicket > 0) {
        const [ticket] = await db
          .select({ fundraiserId: tickets.fundraiserId })
          .from(tickets)
          .where(eq(tickets.id, currentTicket));
        if (!ticket) throw notFound(`Ticket ${currentTicket} not found.`);
        if (ticket.fundraiserId !== fundraiserId) {
          throw new HttpError(400, `Ticket ${currentTicket} belongs to another fundraiser.`);
        }
        const rows = await db
          .select({ vendorOfferId: ticketOffers.vendorOfferId })
          .from(ticketOffers)
          .where(eq(ticketOffers.ticketId, currentTicket));
        onTicket = rows.map((row) => row.vendorOfferId);
      }
      const conditions = [
        filterState ? sql`lower(${vendors.state}) = lower(${fundraiser.state})` : undefined,
        onTicket.length > 0 ? notInArray(vendorOffers.id, onTicket) : undefined,
      ];
      return offers()
        .where(and(...conditions))
        .orderBy(asc(vendors.name), asc(vendorOffers.name), asc(vendorOffers.id));
    },

    async saveVendor(body: SaveVendorRequest): Promise<Vendor> {
      const values = { name: body.name.trim(), photoUrl: blankToNull(body.photoUrl), state: blankToNull(body.state) };
      if (!body.id) {
        const [row] = await db.insert(vendors).values(values).returning(vendorColumns);
        return row!;
      }
      const [row] = await db.update(vendors).set(values).where(eq(vendors.id, body.id)).returning(vendorColumns);
      if (!row) throw notFound(`Vendor ${body.id} not found.`);
      return row;
    },

    async saveVendorOffer(body: SaveVendorOfferRequest): Promise<VendorOffer> {
      await vendor(body.vendorId);
      const values = {
        vendorId: body.vendorId,
        name: body.name.trim(),
        description: body.description?.trim() ?? '',
        photoUrl: blankToNull(body.photoUrl),
        photoUrl2: blankToNull(body.photoUrl2),
        offerTypeId: body.offerTypeId ?? 1,
      };
      const returning = { id: vendorOffers.id };
      const [saved] = body.id
        ? await db.update(vendorOffers).set(values).where(eq(vendorOffers.id, body.id)).returning(returning)
        : await db.insert(vendorOffers).values(values).returning(returning);
      if (!saved) throw notFound(`Vendor offer ${body.id} not found.`);
      return offer(saved.id);
    },
  };
}

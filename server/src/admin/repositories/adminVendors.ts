import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { SaveVendorOfferRequest, SaveVendorRequest, Vendor, VendorOffer } from '@fu/shared/contracts';
import type { Database } from '../../platform/db/client';
import { fundraisers, schools, ticketOffers, tickets, vendorOffers, vendors } from '../../platform/db/schema';
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

/** Admin: vendors and the offers they give ticket holders. Reads answer undefined for a row that is not there. */
export function adminVendorRepository(db: Database) {
  const offers = () =>
    db.select(offerColumns).from(vendorOffers).innerJoin(vendors, eq(vendors.id, vendorOffers.vendorId));

  async function offer(vendorOfferId: number): Promise<VendorOffer | undefined> {
    const [row] = await offers().where(eq(vendorOffers.id, vendorOfferId));
    return row;
  }

  return {
    offer,

    async vendor(vendorId: number): Promise<Vendor | undefined> {
      const [row] = await db.select(vendorColumns).from(vendors).where(eq(vendors.id, vendorId));
      return row;
    },

    vendors: (): Promise<Vendor[]> =>
      db.select(vendorColumns).from(vendors).orderBy(asc(vendors.name), asc(vendors.id)),

    allOffers: (): Promise<VendorOffer[]> =>
      offers().orderBy(asc(vendors.name), asc(vendorOffers.name), asc(vendorOffers.id)),

    offersOfVendor: (vendorId: number): Promise<VendorOffer[]> =>
      offers().where(eq(vendorOffers.vendorId, vendorId)).orderBy(asc(vendorOffers.name), asc(vendorOffers.id)),

    /** The state of the fundraiser's school; undefined when there is no such fundraiser. */
    async stateOfFundraiser(fundraiserId: number): Promise<{ state: string } | undefined> {
      const [row] = await db
        .select({ state: schools.state })
        .from(fundraisers)
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .where(eq(fundraisers.id, fundraiserId));
      return row;
    },

    /** The fundraiser whose ticket this is; undefined when there is no such ticket. */
    async fundraiserOfTicket(ticketId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ fundraiserId: tickets.fundraiserId })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      return row?.fundraiserId;
    },

    async vendorOffersOnTicket(ticketId: number): Promise<number[]> {
      const rows = await db
        .select({ vendorOfferId: ticketOffers.vendorOfferId })
        .from(ticketOffers)
        .where(eq(ticketOffers.ticketId, ticketId));
      return rows.map((row) => row.vendorOfferId);
    },

    /** Every vendor's offers, or only those of vendors in `state` (any letter case), but the ones in `leaveOut`. */
    offersFor({ state, leaveOut }: { state?: string; leaveOut: number[] }): Promise<VendorOffer[]> {
      const conditions = [
        state !== undefined ? sql`lower(${vendors.state}) = lower(${state})` : undefined,
        leaveOut.length > 0 ? notInArray(vendorOffers.id, leaveOut) : undefined,
      ];
      return offers()
        .where(and(...conditions))
        .orderBy(asc(vendors.name), asc(vendorOffers.name), asc(vendorOffers.id));
    },

    /** Inserts (no id) or updates a vendor; undefined when there is no vendor `body.id`. */
    async saveVendor(body: SaveVendorRequest): Promise<Vendor | undefined> {
      const values = { name: body.name.trim(), photoUrl: blankToNull(body.photoUrl), state: blankToNull(body.state) };
      if (!body.id) {
        const [row] = await db.insert(vendors).values(values).returning(vendorColumns);
        return row!;
      }
      const [row] = await db.update(vendors).set(values).where(eq(vendors.id, body.id)).returning(vendorColumns);
      return row;
    },

    /** Inserts (no id) or updates an offer and answers its id; undefined when there is no offer `body.id`. */
    async saveVendorOffer(body: SaveVendorOfferRequest): Promise<number | undefined> {
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
      return saved?.id;
    },
  };
}

export type AdminVendorRepository = ReturnType<typeof adminVendorRepository>;

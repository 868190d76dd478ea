import type { SaveVendorOfferRequest, SaveVendorRequest, Vendor, VendorOffer } from '@fu/shared/contracts';
import { HttpError, notFound } from '../../platform/http/errors';
import { text } from '../../platform/i18n/text';
import type { AdminVendorRepository } from '../repositories/adminVendors';

const vendorNotFound = (vendorId: number) => notFound(text('server.admin.vendorNotFound', { vendorId }));
const offerNotFound = (vendorOfferId: number) => notFound(text('server.admin.vendorOfferNotFound', { vendorOfferId }));

/** Admin: vendors and the offers they give ticket holders; an offer belongs to one vendor. */
export function adminVendors(vendors: AdminVendorRepository) {
  async function vendor(vendorId: number): Promise<Vendor> {
    const row = await vendors.vendor(vendorId);
    if (!row) throw vendorNotFound(vendorId);
    return row;
  }

  async function offer(vendorOfferId: number): Promise<VendorOffer> {
    const row = await vendors.offer(vendorOfferId);
    if (!row) throw offerNotFound(vendorOfferId);
    return row;
  }

  return {
    vendor,

    vendors: (): Promise<Vendor[]> => vendors.vendors(),

    allOffers: (): Promise<VendorOffer[]> => vendors.allOffers(),

    async offersOfVendor(vendorId: number): Promise<VendorOffer[]> {
      await vendor(vendorId);
      return vendors.offersOfVendor(vendorId);
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
      if (row.vendorId !== vendorId) throw notFound(text('server.admin.vendorHasNoOffer', { vendorId, vendorOfferId }));
      return row;
    },

    /**
     * Offers a fundraiser's ticket can add: every vendor's offers, or (filterState) only those of
     * vendors in the state of the fundraiser's school. Offers already on `currentTicket`, which must
     * be the fundraiser's, are left out, so the list is exactly what the admin can still add.
     */
    async availableOffers(fundraiserId: number, currentTicket: number, filterState: boolean): Promise<VendorOffer[]> {
      const fundraiser = await vendors.stateOfFundraiser(fundraiserId);
      if (!fundraiser) throw notFound(text('server.admin.fundraiserNotFound', { fundraiserId }));
      let onTicket: number[] = [];
      if (currentTicket > 0) {
        const owner = await vendors.fundraiserOfTicket(currentTicket);
        if (owner === undefined) throw notFound(text('server.admin.ticketNotFound', { ticketId: currentTicket }));
        if (owner !== fundraiserId)
          throw new HttpError(400, text('server.admin.ticketOfAnotherFundraiser', { ticketId: currentTicket }));
        onTicket = await vendors.vendorOffersOnTicket(currentTicket);
      }
      return vendors.offersFor({ state: filterState ? fundraiser.state : undefined, leaveOut: onTicket });
    },

    async saveVendor(body: SaveVendorRequest): Promise<Vendor> {
      const saved = await vendors.saveVendor(body);
      if (!saved) throw vendorNotFound(body.id!);
      return saved;
    },

    async saveVendorOffer(body: SaveVendorOfferRequest): Promise<VendorOffer> {
      await vendor(body.vendorId);
      const savedId = await vendors.saveVendorOffer(body);
      if (savedId === undefined) throw offerNotFound(body.id!);
      return offer(savedId);
    },
  };
}

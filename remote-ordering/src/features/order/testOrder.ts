// The order the order page's tests load.
import type { FundraiserOrder } from '@fu/shared';

/** A fundraiser selling a T-shirt (option type 0) and the digital discount card (item 43, type 1). */
export const testOrder: FundraiserOrder = {
  orderId: 0,
  fundraiserId: 1,
  orderTotal: 0,
  donation: 0,
  isDonate: false,
  hasShipping: false,
  isActive: true,
  testMode: false,
  studentFirstName: '',
  studentLastName: '',
  FundraiserDeviceId: null,
  contactGuid: null,
  socialGuid: null,
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  teamPhotoUrl: null,
  teamBackgroundPhotoUrl: null,
  useTeamBackgroundPhoto: false,
  teamPrimaryColorHex: '8B0000',
  teamSecondaryColorHex: null,
  videoUrl: null,
  gatewayUrl: 'http://gateway',
  appSiteUrl: 'http://site',
  fundraiserOrderItems: [
    {
      itemId: 10,
      itemImage: '/images/tshirt.svg',
      messageTextName: 'Team T-Shirt',
      shippingCost: 0,
      fundraiserOrderItemOptions: [
        { itemOptionId: 102, itemOptionTypeId: 0, name: 'Adult Medium', price: 2000, qty: 0, imgUrl: null },
      ],
    },
    {
      itemId: 43,
      itemImage: null,
      messageTextName: 'Digital Discount Card',
      shippingCost: 0,
      fundraiserOrderItemOptions: [
        { itemOptionId: 431, itemOptionTypeId: 1, name: 'Discount Card', price: 2500, qty: 0, imgUrl: null },
      ],
    },
  ],
};

// Test data both checkout pages' tests use: an unpaid order as GetOrder answers it, and the form's
// supporter fields filled in.
import { fireEvent, screen } from '@testing-library/react';
import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { orderChangedMessage, type OrderView } from '@fu/shared';

/** Two tubs of cookie dough on the demo student's page, unpaid. */
export const testOrder = {
  orderId: 7,
  fundraiserId: 1,
  status: 'unpaid',
  paymentTypeId: null,
  itemsTotal: 5100,
  shippingTotal: 0,
  convenienceFee: 255,
  coverFeesAmount: 0,
  orderTotal: 5100,
  donation: 0,
  isDonate: false,
  hasShipping: false,
  isActive: true,
  testMode: false,
  studentFirstName: 'Jordan',
  studentLastName: 'Rivera',
  FundraiserDeviceId: 1,
  contactGuid: null,
  socialGuid: null,
  teamName: 'Varsity Football',
  schoolName: 'Lincoln High School',
  teamPhotoUrl: null,
  teamBackgroundPhotoUrl: null,
  useTeamBackgroundPhoto: false,
  teamPrimaryColorHex: null,
  teamSecondaryColorHex: null,
  videoUrl: null,
  gatewayUrl: 'http://gateway.test',
  appSiteUrl: 'http://site.test',
  fundraiserOrderItems: [
    {
      itemId: 11,
      itemImage: null,
      messageTextName: 'Cookie Dough',
      shippingCost: 0,
      fundraiserOrderItemOptions: [
        { itemOptionId: 111, itemOptionTypeId: 0, name: 'Chocolate Chip', price: 1800, qty: 2, imgUrl: null },
      ],
    },
  ],
} as unknown as OrderView;

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Fills the supporter's details and address once the form is there. */
export async function fillAddress() {
  await screen.findByLabelText('First name');
  type('First name', 'Casey');
  type('Last name', 'Morgan');
  type('Email', 'casey@example.com');
  type('Phone', '5125550188');
  type('Address', '1 Main St');
  type('State', 'TX');
  type('City', 'Austin');
  type('Zip code', '78701');
}

/** The payment calls' answer when the order's total is not the one the page sent. */
export function orderChanged(orderTotal: number) {
  const data = { message: orderChangedMessage(orderTotal), orderTotal };
  const response = { status: 409, data, headers: {}, config: { headers: new AxiosHeaders() } } as AxiosResponse;
  return new AxiosError('Request failed with status code 409', 'ERR_BAD_REQUEST', undefined, undefined, response);
}

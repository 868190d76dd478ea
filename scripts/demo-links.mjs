// The demo data's fixed identifiers (server/src/catalog/import/demo-data.json), as links a newcomer can open.
export const demoIds = {
  activeFundraiserId: 1,
  inactiveFundraiserId: 2,
  studentDeviceGuid: '11111111-1111-4111-8111-111111111111',
  ticketPurchaseSessionGuid: '22222222-2222-4222-8222-222222222222',
  ticketPurchaseGuid: '33333333-3333-4333-8333-333333333333',
};

export function demoLinks(origin) {
  return [
    ['Start (state list)', `${origin}/`],
    ['Order page, fundraiser 1', `${origin}/Order/${demoIds.activeFundraiserId}/0/0`],
    ['Inactive fundraiser 2', `${origin}/Order/${demoIds.inactiveFundraiserId}/0/0`],
    ['Student page', `${origin}/Fundraiser/${demoIds.studentDeviceGuid}`],
    ['Offers wallet', `${origin}/MyOffers/${demoIds.ticketPurchaseSessionGuid}`],
    ['Activate the ticket', `${origin}/ActivateTicket/${demoIds.ticketPurchaseSessionGuid}`],
    ['Ticket purchases', `${origin}/ManageDiscounts/${demoIds.ticketPurchaseGuid}`],
    ['Help', `${origin}/Help`],
    ['API docs', `${origin}/api/docs`],
  ];
}

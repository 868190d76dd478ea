import { Type, type Static } from 'typebox';
import { GUID_PATTERN } from '@fu/shared/rules';

// The operator import format (docs/import-format.md). Ids are the operator's own and stable, so a
// re-run updates rather than duplicates. Money is integer cents.
const Id = Type.Integer({ minimum: 1 });
const Cents = Type.Integer({ minimum: 0, maximum: 100_000_000 });
const GoalCents = Type.Integer({ minimum: 1, maximum: 100_000_000 });
const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });
const OptionalUrl = Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()]));
const Hex = Type.Optional(Type.Union([Type.String({ pattern: '^[0-9a-fA-F]{6}$' }), Type.Null()]));
const Guid = Type.String({ pattern: GUID_PATTERN });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Phone = Type.String({ pattern: '^\\d{10}$' });
/**
 * Issue 34: the good-faith value of the goods or services a unit (a bundle: its entries together)
 * gives, in cents (IRS Publication 1771); left out or null: the price.
 */
const GoodsValue = Type.Optional(Type.Union([Cents, Type.Null()]));
/**
 * Issue 34: the organisation that issues a school's receipts. Left out: unchanged on a re-run (none
 * for a new school); null: none, the site's (ORG_*) issues them.
 */
const Organization = Type.Optional(
  Type.Union([
    Type.Object({
      legalName: Text(),
      address: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
      taxId: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Null()])),
      is501c3: Type.Boolean(),
    }),
    Type.Null(),
  ]),
);

export const ImportFile = Type.Object(
  {
    schools: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          name: Text(),
          state: Text(60),
          /**
           * The school's IANA time zone ("America/Chicago"), the clock its reminders keep to. Left
           * out: the state's zone for a new school (catalog/schoolTimeZones.ts), unchanged on a re-run.
           */
          timeZone: Type.Optional(Text(64)),
          organization: Organization,
        }),
      ),
    ),
    teams: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          name: Text(),
          primaryColorHex: Hex,
          secondaryColorHex: Hex,
          photoUrl: OptionalUrl,
          useBackgroundPhoto: Type.Optional(Type.Boolean()),
          backgroundPhotoUrl: OptionalUrl,
          links: Type.Optional(
            Type.Array(Type.Object({ url: Type.String({ maxLength: 2000 }), name: Text() }), { maxItems: 3 }),
          ),
        }),
      ),
    ),
    items: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          name: Text(),
          itemImage: OptionalUrl,
          messageTextName: Text(),
          shippingCost: Type.Optional(Cents),
          /** The value of one unit of each of its options that has none of its own. */
          goodsValue: GoodsValue,
          options: Type.Array(
            Type.Object({
              id: Id,
              itemOptionTypeId: Type.Integer({ minimum: 0 }),
              name: Text(),
              price: Cents,
              imgUrl: OptionalUrl,
              goodsValue: GoodsValue,
            }),
          ),
          bundles: Type.Optional(
            Type.Array(
              Type.Object({
                id: Id,
                name: Text(),
                description: Type.Optional(Type.String({ maxLength: 2000 })),
                icon: OptionalUrl,
                /** The value of its entries together, when an order chooses it; left out: theirs added up. */
                goodsValue: GoodsValue,
                entries: Type.Array(
                  Type.Object({ itemsOptionId: Id, quantity: Type.Integer({ minimum: 1, maximum: 1000 }) }),
                  {
                    minItems: 1,
                  },
                ),
              }),
            ),
          ),
        }),
      ),
    ),
    fundraisers: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          schoolId: Id,
          teamId: Id,
          name: Text(),
          isActive: Type.Boolean(),
          startDate: Day,
          endDate: Day,
          /** The goal for each student, positive cents (issue 9); absent: the default on insert, unchanged on a re-run. */
          goalPerStudentCents: Type.Optional(GoalCents),
          /** The older name of goalPerStudentCents, still read; goalPerStudentCents wins when both are given. */
          goal: Type.Optional(GoalCents),
          videoUrl: OptionalUrl,
          testMode: Type.Optional(Type.Boolean()),
          hasShipping: Type.Optional(Type.Boolean()),
          /**
           * Issue 34: privacy mode (no leaderboard, students by first name only, link previews without
           * names), true or false; absent: off for a new fundraiser, unchanged on a re-run.
           */
          privacyMode: Type.Optional(Type.Boolean()),
          itemIds: Type.Array(Id),
        }),
      ),
    ),
    devices: Type.Optional(
      Type.Array(
        Type.Object({
          guid: Guid,
          fundraiserId: Id,
          phone: Phone,
          isOptedIn: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
          /** Issue 34 (COPPA): left out, a new page asks on the page; an existing one keeps its answer. */
          studentIs13OrOlder: Type.Optional(Type.Boolean()),
          studentFirstName: Text(),
          studentLastName: Text(),
          contactGuid: Type.Optional(Guid),
          socialGuid: Type.Optional(Guid),
        }),
      ),
    ),
    vendors: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          name: Text(),
          photoUrl: OptionalUrl,
          state: Type.Optional(Type.Union([Type.String({ maxLength: 60 }), Type.Null()])),
          offers: Type.Array(
            Type.Object({
              id: Id,
              name: Text(),
              description: Type.Optional(Type.String({ maxLength: 2000 })),
              photoUrl: OptionalUrl,
              photoUrl2: OptionalUrl,
              offerTypeId: Type.Optional(Type.Integer({ minimum: 0 })),
            }),
          ),
        }),
      ),
    ),
    orders: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          fundraiserId: Id,
          deviceGuid: Type.Optional(Guid),
          paid: Type.Boolean(),
          paymentTypeId: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])),
          supporterFirstName: Text(),
          supporterLastName: Text(),
          supporterPhoneNumber: Phone,
          donorEmail: Type.Optional(Type.String({ maxLength: 200 })),
          donation: Type.Optional(Cents),
          lines: Type.Array(Type.Object({ itemOptionId: Id, quantity: Type.Integer({ minimum: 1, maximum: 1000 }) })),
        }),
      ),
    ),
    tickets: Type.Optional(
      Type.Array(
        Type.Object({
          id: Id,
          guid: Guid,
          fundraiserId: Id,
          name: Text(),
          photoUrls: Type.Optional(Type.Array(Type.String({ maxLength: 2000 }), { maxItems: 5 })),
          offers: Type.Array(
            Type.Object({ id: Id, vendorOfferId: Id, ticketQty: Type.Integer({ minimum: 1, maximum: 1000 }) }),
          ),
          purchases: Type.Optional(
            Type.Array(
              Type.Object({
                guid: Guid,
                orderId: Type.Integer({ minimum: 0 }),
                phone: Type.Optional(Type.Union([Phone, Type.Null()])),
                sessions: Type.Array(
                  Type.Object({
                    guid: Guid,
                    /** A ticket already registered elsewhere: its phone and when (ISO 8601), both or neither. */
                    phone: Type.Optional(Phone),
                    keyActivatedAt: Type.Optional(
                      Type.String({
                        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:\\d{2})$',
                      }),
                    ),
                  }),
                  { minItems: 1 },
                ),
              }),
            ),
          ),
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type ImportFile = Static<typeof ImportFile>;

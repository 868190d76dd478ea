// Who a text is from (issue 31): the school and team of the fundraiser it is about. The wording and
// the rule for typed names are in messaging/sms/sender.ts.
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client';
import { fundraisers, orders, schools, teams } from '../../platform/db/schema';

/** The names a text's sender is made of, as stored (typed by staff: messaging/sms/sender.ts makes them fit). */
export interface SenderNames {
  schoolName: string;
  teamName: string;
}

export function textSenderRepository(db: Database) {
  const names = () =>
    db
      .select({ schoolName: schools.name, teamName: teams.name })
      .from(fundraisers)
      .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
      .innerJoin(teams, eq(teams.id, fundraisers.teamId));

  return {
    /** The school and team of a fundraiser; undefined for an unknown one. */
    async ofFundraiser(fundraiserId: number): Promise<SenderNames | undefined> {
      const [row] = await names().where(eq(fundraisers.id, fundraiserId));
      return row;
    },

    /** The school and team of the fundraiser an order was made for. */
    async ofOrder(orderId: number): Promise<SenderNames | undefined> {
      const [row] = await db
        .select({ schoolName: schools.name, teamName: teams.name })
        .from(orders)
        .innerJoin(fundraisers, eq(fundraisers.id, orders.fundraiserId))
        .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
        .innerJoin(teams, eq(teams.id, fundraisers.teamId))
        .where(eq(orders.id, orderId));
      return row;
    },
  };
}

export type TextSenderRepository = ReturnType<typeof textSenderRepository>;

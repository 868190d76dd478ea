import { and, asc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { FundraiserOrder, FundraiserSummary, School, SchoolSummary } from '@fu/shared/contracts';
import { studentLastNameIn } from '@fu/shared/rules';
import { lookupCacheOf } from '../../platform/cache/lookupCache';
import type { Database } from '../../platform/db/client';
import {
  fundraiserDevices,
  fundraiserItems,
  fundraisers,
  itemOptions,
  items,
  schools,
  teams,
} from '../../platform/db/schema';
import { privacyOf } from '../../students/repositories/pagePrivacy';

/**
 * Spec §7 lookups filter by item id: a positive id keeps the fundraisers that sell that item;
 * 0 (any purchase), -1 (donate) and -2 (give) keep every active fundraiser.
 */
function sellsItem(itemId: number) {
  if (itemId <= 0) return undefined;
  return (db: Database) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(fundraiserItems)
        .where(and(eq(fundraiserItems.fundraiserId, fundraisers.id), eq(fundraiserItems.itemId, itemId))),
    );
}

/** What the lookup cache keeps of a fundraiser's blank order: all of it but this server's links. */
type StoredDetails = Omit<FundraiserOrder, 'gatewayUrl' | 'appSiteUrl'>;

export function fundraiserRepository(db: Database, links: { gatewayUrl: string; appSiteUrl: string }) {
  const activeSelling = (itemId: number) => and(eq(fundraisers.isActive, true), sellsItem(itemId)?.(db));
  // The public lookups are served from the database's lookup cache (platform/cache/lookupCache.ts): they
  // change only on import or SaveTeam, which clear it.
  const cache = lookupCacheOf(db);

  /**
   * Fundraisers of school `s` that are active and, for an item id > 0, sell that item: the
   * condition both state and school lookups test per school (an index probe on
   * fundraisers(school_id, is_active)), written as SQL with aliases so the correlation is explicit.
   */
  const hasActiveFundraiser = (itemId: number) =>
    itemId > 0
      ? sql`exists (select 1 from fundraisers f where f.school_id = s.id and f.is_active
          and exists (select 1 from fundraiser_items fi where fi.fundraiser_id = f.id and fi.item_id = ${itemId}))`
      : sql`exists (select 1 from fundraisers f where f.school_id = s.id and f.is_active)`;

  async function rowsOf<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  /**
   * The distinct states with an active fundraiser, by a skip scan: walk schools(state, name) from
   * one state to the next, stopping at the first school of each that qualifies. About fifty index
   * steps whatever the number of schools and fundraisers, where a join read every fundraiser.
   */
  async function loadActiveStates(itemId: number): Promise<string[]> {
    const rows = await rowsOf<{ state: string }>(sql`
      with recursive active_states(state) as (
        (select s.state from schools s where ${hasActiveFundraiser(itemId)} order by s.state limit 1)
        union all
        select (select s.state from schools s where s.state > a.state and ${hasActiveFundraiser(itemId)}
                order by s.state limit 1)
        from active_states a where a.state is not null
      )
      select state from active_states where state is not null order by state`);
    return rows.map((row) => row.state);
  }

  /** A state's schools with an active fundraiser: the state's schools by index, each probed once. */
  function loadActiveSchools(location: string, itemId: number): Promise<SchoolSummary[]> {
    return rowsOf<SchoolSummary>(sql`
      select s.id, s.name from schools s
      where s.state = ${location} and ${hasActiveFundraiser(itemId)}
      order by s.name, s.id`);
  }

  async function loadSchool(schoolId: number): Promise<School | undefined> {
    const [row] = await db
      .select({ name: schools.name, state: schools.state })
      .from(schools)
      .where(eq(schools.id, schoolId));
    return row;
  }

  function loadActiveFundraisers(schoolId: number, itemId: number): Promise<FundraiserSummary[]> {
    return db
      .select({ id: fundraisers.id, teamName: teams.name })
      .from(fundraisers)
      .innerJoin(teams, eq(teams.id, fundraisers.teamId))
      .where(and(eq(fundraisers.schoolId, schoolId), activeSelling(itemId)))
      .orderBy(asc(teams.name), asc(fundraisers.id));
  }

  /** The fundraiser's blank order without this server's links: two queries, the header and its items' options. */
  async function loadFundraiserDetails(fundraiserId: number): Promise<StoredDetails | undefined> {
    const [row] = await db
      .select({ fundraiser: fundraisers, team: teams, schoolName: schools.name })
      .from(fundraisers)
      .innerJoin(teams, eq(teams.id, fundraisers.teamId))
      .innerJoin(schools, eq(schools.id, fundraisers.schoolId))
      .where(eq(fundraisers.id, fundraiserId));
    if (!row) return undefined;
    const { fundraiser, team } = row;

    const optionRows = await db
      .select({ item: items, option: itemOptions })
      .from(fundraiserItems)
      .innerJoin(items, eq(items.id, fundraiserItems.itemId))
      .leftJoin(itemOptions, eq(itemOptions.itemId, items.id))
      .where(eq(fundraiserItems.fundraiserId, fundraiserId))
      .orderBy(asc(fundraiserItems.sortOrder), asc(items.id), asc(itemOptions.id));
    const orderItems: StoredDetails['fundraiserOrderItems'] = [];
    for (const { item, option } of optionRows) {
      let current = orderItems.at(-1);
      if (current?.itemId !== item.id) {
        current = {
          itemId: item.id,
          itemImage: item.itemImage,
          messageTextName: item.messageTextName,
          shippingCost: item.shippingCost,
          fundraiserOrderItemOptions: [],
        };
        orderItems.push(current);
      }
      if (option) {
        current.fundraiserOrderItemOptions.push({
          itemOptionId: option.id,
          itemOptionTypeId: option.itemOptionTypeId,
          name: option.name,
          price: option.price,
          qty: 0,
          imgUrl: option.imgUrl,
        });
      }
    }

    return {
      orderId: 0,
      fundraiserId: fundraiser.id,
      orderTotal: 0,
      donation: 0,
      isDonate: false,
      hasShipping: fundraiser.hasShipping,
      isActive: fundraiser.isActive,
      testMode: fundraiser.testMode,
      studentFirstName: '',
      studentLastName: '',
      FundraiserDeviceId: null,
      contactGuid: null,
      socialGuid: null,
      teamName: team.name,
      schoolName: row.schoolName,
      teamPhotoUrl: team.photoUrl,
      teamBackgroundPhotoUrl: team.backgroundPhotoUrl,
      useTeamBackgroundPhoto: team.useBackgroundPhoto,
      teamPrimaryColorHex: team.primaryColorHex,
      teamSecondaryColorHex: team.secondaryColorHex,
      videoUrl: fundraiser.videoUrl,
      privacyMode: fundraiser.privacyMode,
      fundraiserOrderItems: orderItems,
    };
  }

  /** A blank order for the fundraiser's order page (spec §3 Fundraiser order), or undefined. */
  async function getFundraiserDetails(fundraiserId: number): Promise<FundraiserOrder | undefined> {
    const details = await cache.get(`details:${fundraiserId}`, () => loadFundraiserDetails(fundraiserId));
    return details && { ...details, gatewayUrl: links.gatewayUrl, appSiteUrl: links.appSiteUrl };
  }

  return {
    listActiveStates: (itemId: number) => cache.get(`states:${itemId}`, () => loadActiveStates(itemId)),

    listActiveSchools: (location: string, itemId: number) =>
      cache.get(`schools:${itemId}:${location}`, () => loadActiveSchools(location, itemId)),

    getSchool: (schoolId: number) => cache.get(`school:${schoolId}`, () => loadSchool(schoolId)),

    listActiveFundraisers: (schoolId: number, itemId: number) =>
      cache.get(`fundraisers:${itemId}:${schoolId}`, () => loadActiveFundraisers(schoolId, itemId)),

    getFundraiserDetails,

    /**
     * A blank order prefilled with the student of a device, found by its page, contact or social guid.
     * In privacy mode (issue 34, read with the device, never from the cache) it names the student by
     * first name only: the last name is not sent.
     */
    async getDetailsForDevice(
      by: 'guid' | 'contactGuid' | 'socialGuid',
      guid: string,
    ): Promise<FundraiserOrder | undefined> {
      const [found] = await db
        .select({ device: fundraiserDevices, privacyMode: fundraisers.privacyMode })
        .from(fundraiserDevices)
        .innerJoin(fundraisers, eq(fundraisers.id, fundraiserDevices.fundraiserId))
        .where(eq(fundraiserDevices[by], guid));
      // A private page (issue 34, COPPA) has no order page: its links name and credit no one.
      if (!found || privacyOf(found.device).isPrivate) return undefined;
      const { device, privacyMode } = found;
      const details = await getFundraiserDetails(device.fundraiserId);
      if (!details) return undefined;
      return {
        ...details,
        privacyMode,
        studentFirstName: device.studentFirstName,
        studentLastName: studentLastNameIn({ privacyMode }, device.studentLastName),
        FundraiserDeviceId: device.id,
        contactGuid: by === 'contactGuid' ? guid : null,
        socialGuid: by === 'socialGuid' ? guid : null,
      };
    },
  };
}

export type FundraiserRepository = ReturnType<typeof fundraiserRepository>;

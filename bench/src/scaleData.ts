// Grows a database that holds the demo data to the issue's scale (10,000 schools, 100,000
// fundraisers, 1,000,000 orders by default) with set-based SQL: INSERT … SELECT over
// generate_series, no row-by-row round trips. The demo rows stay, so the demo ids used by the
// latency checks keep working; new rows spread evenly over all schools, fundraisers and devices
// (the demo ones included), so a demo school or device gets the same share as any other.

export interface ScaleSize {
  schools: number;
  fundraisers: number;
  orders: number;
}

/** Runs one SQL statement (text, no parameters) on one session and returns its rows. */
export type Query = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * SQL for a phone number of `areaCode` that the phone rule accepts (shared/src/rules/phone.ts), a
 * different one for each value of the expression `n` below 800,000: an exchange N-X-5 (never an
 * N11 service code) from n's higher digits, and n's last four digits as the line.
 */
const benchPhone = (areaCode: string, n: string) =>
  `'${areaCode}' || (2 + (${n}) / 10000 % 8)::text || ((${n}) / 80000 % 10)::text || '5' || lpad(((${n}) % 10000)::text, 4, '0')`;

const STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
];

const states = `array[${STATES.map((s) => `'${s}'`).join(',')}]`;

/**
 * The statements, in order. Ids are given explicitly (max id + n) so rows can refer to each
 * other without lookups; the identity sequences are moved past them at the end.
 */
export function scaleStatements(size: ScaleSize): { label: string; sql: string }[] {
  return [
    {
      label: 'schools',
      // With its time zone: the bulk load turns triggers off, the one that would take the state's too.
      sql: `insert into schools (id, name, state, time_zone)
        select b.id + g, 'Bench School ' || g, (${states})[1 + g % ${STATES.length}], 'America/Chicago'
        from (select coalesce(max(id), 0) as id from schools) b,
             generate_series(1, greatest(${size.schools} - (select count(*) from schools), 0)) g`,
    },
    {
      label: 'teams',
      sql: `insert into teams (id, name, primary_color_hex, secondary_color_hex)
        select b.id + g, 'Bench Team ' || g, '1D4ED8', 'FFFFFF'
        from (select coalesce(max(id), 0) as id from teams) b,
             generate_series(1, greatest(${size.fundraisers} - (select count(*) from fundraisers), 0)) g`,
    },
    {
      // One new team each; schools taken in turn, so every school gets fundraisers/schools of them.
      // One in eleven is inactive, as ended fundraisers would be (11: prime to the school count).
      label: 'fundraisers',
      sql: `with s as (select id, row_number() over (order by id) - 1 as k from schools),
             t as (select id, row_number() over (order by id) as k from teams where name like 'Bench Team %'),
             b as (select coalesce(max(id), 0) as id from fundraisers)
        insert into fundraisers (id, school_id, team_id, name, is_active, start_date, end_date)
        select b.id + t.k, s.id, t.id, 'Bench Fundraiser ' || t.k, t.k % 11 <> 0, '2026-09-01', '2027-06-30'
        from t cross join b join s on s.k = t.k % (select count(*) from schools)`,
    },
    {
      label: 'fundraiser items',
      sql: `insert into fundraiser_items (fundraiser_id, item_id, sort_order)
        select f.id, i.item_id, i.sort_order
        from fundraisers f cross join (values (10, 0), (11, 1)) as i(item_id, sort_order)
        where f.name like 'Bench Fundraiser %'`,
    },
    {
      // One student page per new fundraiser, each with its own phone.
      label: 'devices',
      sql: `insert into fundraiser_devices (id, guid, fundraiser_id, phone, student_first_name, student_last_name, contact_guid, social_guid)
        select b.id + row_number() over (order by f.id), gen_random_uuid(), f.id,
               ${benchPhone('212', 'row_number() over (order by f.id)')}, 'Student', 'Bench ' || f.id,
               gen_random_uuid(), gen_random_uuid()
        from fundraisers f, (select coalesce(max(id), 0) as id from fundraiser_devices) b
        where f.name like 'Bench Fundraiser %'`,
    },
    // Statistics for the planner: the joins below are on `n % (a count)`, constant per statement,
    // and planned as hash or merge joins once the new tables' sizes are known.
    { label: 'analyze', sql: 'analyze schools, fundraisers, fundraiser_devices' },
    {
      // Orders taken in turn over every device (the demo one too), each with one line; four in
      // five paid. Supporters' phones repeat, 200,000 of them, so a phone has about five orders.
      label: 'orders and their lines',
      sql: `with d as (select id, fundraiser_id, row_number() over (order by id) - 1 as k from fundraiser_devices),
             b as (select coalesce(max(id), 0) as id from orders),
             inserted as (
               insert into orders (id, fundraiser_id, fundraiser_device_id, status, items_total, order_total,
                                   student_first_name, student_last_name, supporter_first_name, supporter_last_name,
                                   supporter_phone_number, payment_type_id, created_at, paid_at)
               select b.id + g, d.fundraiser_id, d.id, case when u.unpaid then 'unpaid' else 'paid' end, 1800, 1800,
                      'Student', 'Bench', 'Supporter', 'Bench ' || g, ${benchPhone('312', 'g % 200000')},
                      case when u.unpaid then null else 1 end,
                      now() - (g % 43200) * interval '1 minute',
                      case when u.unpaid then null else now() - (g % 43200) * interval '1 minute' end
               from b cross join generate_series(1, greatest(${size.orders} - (select count(*) from orders), 0)) g
               join d on d.k = g % (select count(*) from fundraiser_devices)
               -- A device's orders are g = k, k + n, k + 2n…: every fifth of them is unpaid.
               cross join lateral (select (g / (select count(*) from fundraiser_devices)) % 5 = 4 as unpaid) u
               returning id)
        insert into order_lines (order_id, item_option_id, quantity, unit_price, line_total)
        select id, 111, 1, 1800, 1800 from inserted`,
    },
    {
      label: 'sequences',
      sql: `select setval(pg_get_serial_sequence('schools', 'id'), (select max(id) from schools)),
                   setval(pg_get_serial_sequence('teams', 'id'), (select max(id) from teams)),
                   setval(pg_get_serial_sequence('fundraisers', 'id'), (select max(id) from fundraisers)),
                   setval(pg_get_serial_sequence('fundraiser_devices', 'id'), (select max(id) from fundraiser_devices)),
                   setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))`,
    },
  ];
}

const BULK_TABLES = ['fundraisers', 'fundraiser_items', 'fundraiser_devices', 'orders', 'order_lines'];

/**
 * Fills the database up to `size`; returns the seconds each step took. A bulk load's usual
 * shortcuts: foreign-key triggers are off for this session (the rows refer to each other by
 * construction) and the secondary indexes of the big tables are dropped first and built again
 * at the end from their own definitions, then the planner's statistics are refreshed.
 */
export async function growDatabase(query: Query, size: ScaleSize): Promise<{ label: string; seconds: number }[]> {
  const timings: { label: string; seconds: number }[] = [];
  const timed = async (label: string, run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    timings.push({ label, seconds: (performance.now() - started) / 1000 });
  };
  const indexes = (await query(
    `select indexname, indexdef from pg_indexes
     where schemaname = current_schema() and tablename in (${BULK_TABLES.map((t) => `'${t}'`).join(',')})
       and indexname not in (select conname from pg_constraint)`,
  )) as { indexname: string; indexdef: string }[];
  await query('set session_replication_role = replica');
  await timed('drop secondary indexes', async () => {
    for (const index of indexes) await query(`drop index "${index.indexname}"`);
  });
  for (const step of scaleStatements(size)) await timed(step.label, () => query(step.sql));
  await timed('build secondary indexes', async () => {
    for (const index of indexes) await query(index.indexdef);
  });
  await query('set session_replication_role = default');
  await timed('analyze', () => query('analyze'));
  return timings;
}

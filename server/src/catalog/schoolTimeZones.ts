// Issue 34: each school has an IANA time zone, the clock its reminders keep to (texts only between
// 9 am and 8 pm there: messaging/sms/quietHours.ts). A school imported or saved without one takes
// its state's zone from this table, the one copy the server keeps. Migration 0015 holds a frozen
// SQL copy (school_time_zone_of_state) to fill in the schools it found and any school a program
// inserts without a zone; server/test/quietHours.test.ts keeps the two equal.

/** The zone of a school whose state is not in the table (a typo, a place outside the US). */
export const FALLBACK_TIME_ZONE = 'America/New_York';

/**
 * Every state, DC and the inhabited territories, by postal code and name, with the zone most of its
 * people keep. A few states span two zones (west Texas, the Florida panhandle, east Oregon, north
 * Idaho, west Kentucky and Tennessee, parts of Indiana, Michigan, Kansas, Nebraska and the Dakotas):
 * a school in the smaller part gives its `timeZone` itself (docs/import-format.md).
 */
export const STATE_TIME_ZONES: readonly (readonly [code: string, name: string, timeZone: string])[] = [
  ['AL', 'Alabama', 'America/Chicago'],
  ['AK', 'Alaska', 'America/Anchorage'],
  ['AZ', 'Arizona', 'America/Phoenix'],
  ['AR', 'Arkansas', 'America/Chicago'],
  ['CA', 'California', 'America/Los_Angeles'],
  ['CO', 'Colorado', 'America/Denver'],
  ['CT', 'Connecticut', 'America/New_York'],
  ['DE', 'Delaware', 'America/New_York'],
  ['DC', 'District of Columbia', 'America/New_York'],
  ['FL', 'Florida', 'America/New_York'],
  ['GA', 'Georgia', 'America/New_York'],
  ['HI', 'Hawaii', 'Pacific/Honolulu'],
  ['ID', 'Idaho', 'America/Boise'],
  ['IL', 'Illinois', 'America/Chicago'],
  ['IN', 'Indiana', 'America/Indiana/Indianapolis'],
  ['IA', 'Iowa', 'America/Chicago'],
  ['KS', 'Kansas', 'America/Chicago'],
  ['KY', 'Kentucky', 'America/New_York'],
  ['LA', 'Louisiana', 'America/Chicago'],
  ['ME', 'Maine', 'America/New_York'],
  ['MD', 'Maryland', 'America/New_York'],
  ['MA', 'Massachusetts', 'America/New_York'],
  ['MI', 'Michigan', 'America/Detroit'],
  ['MN', 'Minnesota', 'America/Chicago'],
  ['MS', 'Mississippi', 'America/Chicago'],
  ['MO', 'Missouri', 'America/Chicago'],
  ['MT', 'Montana', 'America/Denver'],
  ['NE', 'Nebraska', 'America/Chicago'],
  ['NV', 'Nevada', 'America/Los_Angeles'],
  ['NH', 'New Hampshire', 'America/New_York'],
  ['NJ', 'New Jersey', 'America/New_York'],
  ['NM', 'New Mexico', 'America/Denver'],
  ['NY', 'New York', 'America/New_York'],
  ['NC', 'North Carolina', 'America/New_York'],
  ['ND', 'North Dakota', 'America/Chicago'],
  ['OH', 'Ohio', 'America/New_York'],
  ['OK', 'Oklahoma', 'America/Chicago'],
  ['OR', 'Oregon', 'America/Los_Angeles'],
  ['PA', 'Pennsylvania', 'America/New_York'],
  ['RI', 'Rhode Island', 'America/New_York'],
  ['SC', 'South Carolina', 'America/New_York'],
  ['SD', 'South Dakota', 'America/Chicago'],
  ['TN', 'Tennessee', 'America/Chicago'],
  ['TX', 'Texas', 'America/Chicago'],
  ['UT', 'Utah', 'America/Denver'],
  ['VT', 'Vermont', 'America/New_York'],
  ['VA', 'Virginia', 'America/New_York'],
  ['WA', 'Washington', 'America/Los_Angeles'],
  ['WV', 'West Virginia', 'America/New_York'],
  ['WI', 'Wisconsin', 'America/Chicago'],
  ['WY', 'Wyoming', 'America/Denver'],
  ['PR', 'Puerto Rico', 'America/Puerto_Rico'],
  ['GU', 'Guam', 'Pacific/Guam'],
  ['VI', 'Virgin Islands', 'America/St_Thomas'],
  ['AS', 'American Samoa', 'Pacific/Pago_Pago'],
  ['MP', 'Northern Mariana Islands', 'Pacific/Saipan'],
];

/** How a state is looked up: case, surrounding and repeated spaces do not matter ("  new  york " is New York). */
export const stateKey = (state: string) => state.trim().replace(/\s+/g, ' ').toLowerCase();

const byState = new Map(
  STATE_TIME_ZONES.flatMap(([code, name, zone]) => [
    [stateKey(code), zone],
    [stateKey(name), zone],
  ]),
);

/** The time zone of a school in `state` (a name as the data holds them, "Texas", or a postal code, "TX"). */
export function timeZoneOfState(state: string): string {
  return byState.get(stateKey(state)) ?? FALLBACK_TIME_ZONE;
}

/** Whether `name` is an IANA time zone this runtime knows ("America/Chicago"; not "CST" nor "Mars/Olympus"). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

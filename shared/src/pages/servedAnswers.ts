/**
 * What the API answered to one of a page's first calls, as the server read it for the page's
 * first screen and wrote it into the page (one read per page view: the app renders from it
 * instead of asking again).
 */
export interface ServedAnswer {
  status: number;
  data: unknown;
}

/** The answers by call address (`pageCallUrl`), as the page's `<script type="application/json">` holds them. */
export type ServedAnswers = Readonly<Record<string, ServedAnswer>>;

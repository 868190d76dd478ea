import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eq } from 'drizzle-orm';
import { fundraisers, teams } from '../src/platform/db/schema';
import { buildApp } from '../src/app';
import { testConfig } from '../src/platform/config/config';
import { openDatabase } from '../src/platform/db/client';
import { languageChosenIn } from '../src/platform/http/languageChoice';
import { createTestApp, type TestApp } from './helpers';
import { releasedRemotes, tagsOf } from './pageHtml';

// Demo data: fundraiser 1 is Varsity Football at Lincoln High School (team 1, an SVG logo), and its
// student Jordan Rivera's page has these guids.
const PAGE = '11111111-1111-4111-8111-111111111111';
const CONTACT = '66666666-6666-4666-8666-666666666666';
const SOCIAL = '77777777-7777-4777-8777-777777777777';
const SITE = 'https://fundraise.example.org';
const DEFAULT_IMAGE = `${SITE}/images/link-preview.png`;

let t: TestApp;
let released: Awaited<ReturnType<typeof releasedRemotes>>;
before(async () => {
  // A page's preview is chosen by the page its release's table matches.
  released = await releasedRemotes();
  const { remotes, shellDist, firstScreenBudgetMs } = released;
  t = await createTestApp({ config: { remotes, shellDist, firstScreenBudgetMs, publicUrl: SITE } });
});
after(async () => {
  await t.close();
  await released.cdn.close();
});

/** The page's preview as a crawler reads it: the title and every description, og: and twitter: tag. */
async function previewOf(link: string, headers: Record<string, string> = {}) {
  const page = await t.inject({ url: link, headers });
  assert.equal(page.statusCode, 200, link);
  const tags: Record<string, string> = {};
  for (const meta of tagsOf(page.body, 'meta')) {
    const key = meta.property ?? meta.name;
    if (key && /^(description|og:|twitter:)/.test(key)) {
      assert.equal(tags[key], undefined, `${key} once`);
      tags[key] = meta.content!;
    }
  }
  const title = /<title>([^<]*)<\/title>/.exec(page.body)?.[1];
  return { title, tags, body: page.body };
}

const setTeam = (values: Partial<typeof teams.$inferInsert>) =>
  t.database.db.update(teams).set(values).where(eq(teams.id, 1));

describe('link previews', () => {
  it('follows the footer switch without scripts: ?lang=es remembers Spanish and sends the page again without it', async () => {
    const chosen = await t.inject({ url: `/Receipt/7?key=abc&lang=es`, headers: { 'accept-language': 'en-US' } });
    assert.equal(chosen.statusCode, 303);
    assert.equal(chosen.headers.location, '/Receipt/7?key=abc');
    const cookie = String(chosen.headers['set-cookie']);
    assert.match(cookie, /^fu_lang=es; Max-Age=31536000; Path=\/; .*SameSite=Lax/);
    assert.match(cookie, /Secure/, 'the site is https');
    const page = await t.inject({ url: '/Help', headers: { cookie: 'fu_lang=es', 'accept-language': 'en-US' } });
    assert.match(page.body, /<html lang="es" data-fu-lang="es">/);
    // Only a path of this site: never a redirect to another origin, and an unknown language is no choice.
    assert.doesNotMatch(String((await t.inject('//evil.example/x?lang=en')).headers.location), /evil/);
    assert.equal(languageChosenIn('//evil.example/x?lang=en')?.location, '/x');
    assert.equal((await t.inject('/Help?lang=fr')).statusCode, 200);
  });

  it("reads in the reader's language: a Spanish browser's, or the switch's cookie over it (issue 35)", async () => {
    const spanish = await previewOf(`/Order/Social/${SOCIAL}`, { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    assert.equal(spanish.tags['og:title'], 'Ayude a Jordan R. a llegar a $500 para Varsity Football');
    assert.equal(
      spanish.tags['og:description'],
      'Haga un pedido o done en línea para apoyar a Varsity Football de Lincoln High School.',
    );
    assert.match(spanish.body, /<html lang="es" data-fu-lang="es">/);
    const site = await previewOf('/Help', { 'accept-language': 'es' });
    assert.match(site.tags['og:description']!, /^Apoye la recaudación de fondos de una escuela o un equipo/);
    const chosen = await previewOf(`/Order/Social/${SOCIAL}`, { 'accept-language': 'es', cookie: 'fu_lang=en' });
    assert.equal(chosen.tags['og:title'], 'Help Jordan R. reach $500 for Varsity Football');
    assert.match(chosen.body, /<html lang="en" data-fu-lang="en">/);
  });

  it("gives a team's order link the team's name and school, and the site's PNG for its SVG logo", async () => {
    const { title, tags } = await previewOf('/Order/1/0/0');
    assert.equal(title, 'Support Varsity Football at Lincoln High School | Fundraising University');
    assert.deepEqual(tags, {
      description: 'Order or donate online to support Varsity Football at Lincoln High School.',
      'og:type': 'website',
      'og:site_name': 'Fundraising University',
      'og:title': 'Support Varsity Football at Lincoln High School',
      'og:description': 'Order or donate online to support Varsity Football at Lincoln High School.',
      'og:url': `${SITE}/Order/1/0/0`,
      'og:image': DEFAULT_IMAGE,
      'og:image:alt': 'Fundraising University',
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Support Varsity Football at Lincoln High School',
      'twitter:description': 'Order or donate online to support Varsity Football at Lincoln High School.',
      'twitter:image': DEFAULT_IMAGE,
      'twitter:image:alt': 'Fundraising University',
    });
  });

  it("shows the team's uploaded logo, or its photo, as an absolute URL", async () => {
    try {
      await setTeam({ photoUrl: '/uploads/team/1-logo.png' });
      let { tags } = await previewOf('/Order/1/0/0');
      assert.equal(tags['og:image'], `${SITE}/uploads/team/1-logo.png`);
      assert.equal(tags['og:image:alt'], 'Varsity Football logo');
      assert.equal(tags['twitter:card'], 'summary');

      await setTeam({ photoUrl: '/images/team-logo.svg', backgroundPhotoUrl: 'https://cdn.example.com/t/1.jpg?v=2' });
      ({ tags } = await previewOf('/Order/1/0/0'));
      assert.equal(tags['og:image'], 'https://cdn.example.com/t/1.jpg?v=2');
      assert.equal(tags['twitter:card'], 'summary_large_image');
    } finally {
      await setTeam({ photoUrl: '/images/team-logo.svg', backgroundPhotoUrl: '/images/team-background.svg' });
    }
  });

  it("names the student of a share link by first name and last initial, with the student's goal", async () => {
    for (const link of [`/Order/Social/${SOCIAL}`, `/order/contact/${CONTACT}`]) {
      const { title, tags, body } = await previewOf(link);
      assert.equal(tags['og:title'], 'Help Jordan R. reach $500 for Varsity Football', link);
      assert.equal(title, 'Help Jordan R. reach $500 for Varsity Football | Fundraising University');
      assert.equal(
        tags['og:description'],
        'Order or donate online to support Varsity Football at Lincoln High School.',
      );
      assert.doesNotMatch(body, /Rivera/, 'never the full last name');
    }
    try {
      await t.database.db.update(fundraisers).set({ goalPerStudentCents: 51_250 }).where(eq(fundraisers.id, 1));
      assert.equal(
        (await previewOf(`/Order/Social/${SOCIAL}`)).tags['og:title'],
        'Help Jordan R. reach $512.50 for Varsity Football',
      );
    } finally {
      await t.database.db.update(fundraisers).set({ goalPerStudentCents: 50_000 }).where(eq(fundraisers.id, 1));
    }
  });

  it("names the team, never the student, on a link with the page's own guid, and nothing on the student's pages", async () => {
    for (const link of [`/Order/${PAGE}`, `/Order/${PAGE}/42`]) {
      const { tags, body } = await previewOf(link);
      assert.equal(tags['og:title'], 'Support Varsity Football at Lincoln High School', link);
      assert.doesNotMatch(body, /Jordan|Rivera/, link);
    }
    for (const link of [`/Fundraiser/${PAGE}`, `/FundraiserOrders/${PAGE}`, `/Fundraisers/${PAGE}`]) {
      const { tags, body } = await previewOf(link);
      assert.equal(tags['og:title'], 'Fundraising University', link);
      // The student's page paints its student for the guid's holder (firstPaint.test.ts): a preview,
      // which anyone a link is pasted to sees, never does.
      const shown = link.startsWith('/Fundraiser/') ? body.slice(0, body.indexOf('</head>')) : body;
      assert.doesNotMatch(shown, /Jordan|Rivera|Varsity/, link);
    }
  });

  it('gives a guid in the wrong kind of link, an unknown id or a malformed one the generic tags', async () => {
    for (const link of [
      `/Order/Social/${PAGE}`, // a page guid is not a share link
      `/Order/Contact/${SOCIAL}`, // nor is a share link of the other kind
      `/Order/Social/${CONTACT}`,
      '/Order/Social/77777777-7777-4777-8777-000000000000',
      '/Order/Social/not-a-guid',
      "/Order/Social/'; select 1; --",
      '/Order/99999/0/0',
      '/Order/99999999999999999999/0/0',
      '/Order/-1/0/0',
      '/Order/abc/0/0',
      '/Order/Edit/1', // an order is its browser's: nothing read for a crawler
      '/Order/00000000-0000-4000-8000-000000000000',
    ]) {
      const { tags, body } = await previewOf(link);
      assert.equal(tags['og:title'], 'Fundraising University', link);
      assert.equal(tags['og:image'], DEFAULT_IMAGE, link);
      assert.doesNotMatch(body, /Jordan|Rivera|Varsity/, link);
    }
  });

  it('gives every other page the generic tags, at its own address without its query', async () => {
    const { tags } = await previewOf('/Receipt/1?key=secret-receipt-key');
    assert.equal(tags['og:url'], `${SITE}/Receipt/1`);
    assert.equal(
      tags.description,
      'Support a school or team fundraiser: pick a state, a school and a group, then order or donate.',
    );
  });

  it('writes what the data holds only as escaped text', async () => {
    try {
      await setTeam({ name: 'Tigers "<b>" & Co' });
      const { tags, body } = await previewOf(`/Order/Social/${SOCIAL}`);
      assert.equal(tags['og:title'], 'Help Jordan R. reach $500 for Tigers "<b>" & Co');
      assert.doesNotMatch(body, /<b>/);
    } finally {
      await setTeam({ name: 'Varsity Football' });
    }
  });
});

describe('link previews without a database', () => {
  it('answers the page with the generic tags, never a 500', async () => {
    const { remotes, shellDist, firstScreenBudgetMs } = released;
    const opened = await openDatabase({ dataDir: '' });
    let closed = false;
    // Closed by the test and again when the app stops; PGlite refuses a second close.
    const handle = { ...opened, close: async () => void (closed || ((closed = true), await opened.close())) };
    const app = await buildApp({
      config: testConfig({ remotes, shellDist, firstScreenBudgetMs, publicUrl: SITE }),
      database: handle,
    });
    await app.ready();
    try {
      await handle.close();
      const page = await app.inject('/Order/1/0/0');
      assert.equal(page.statusCode, 200);
      assert.equal(
        tagsOf(page.body, 'meta').find((meta) => meta.property === 'og:title')?.content,
        'Fundraising University',
      );
    } finally {
      await app.close();
    }
  });
});

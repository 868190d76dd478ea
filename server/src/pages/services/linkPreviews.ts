import { formatCents } from '@fu/shared/money';
import { parseRecordId } from '@fu/shared/pages';
import { namesStudentsInPublic, studentNameIn } from '@fu/shared/rules';
import type { Translate } from '../../platform/i18n/translate';
import type { LinkPreviewRepository, TeamCard } from '../repositories/linkPreviews';

/** A page as its release's table matched it: the table's path and the link's parameters. */
export interface PreviewedPage {
  path: string;
  params: Readonly<Record<string, string | undefined>>;
}

/** What a link pasted in a text or a post shows: its title, a sentence, and a picture. */
export interface LinkPreview {
  title: string;
  description: string;
  /** An absolute URL of a picture crawlers show (not SVG, which they ignore), what it shows, and its shape. */
  image?: { url: string; alt: string; wide: boolean };
}

// Pictures link previews show; crawlers skip SVG (the demo teams' logos), so those are left out.
const SHOWN_PICTURE = /\.(png|jpe?g|gif|webp)$/i;

/**
 * The previews of order links (issue 20): the team's name, school and logo or photo on every order
 * link, and on a student's share links (/Order/Contact/…, /Order/Social/…) who it is for, as
 * "Jane D." (never the full last name; no student at all for a fundraiser in privacy mode, issue 34). Only what the link's holder sees on its page anyway: a
 * page's own guid (/Order/{guid}) names the team, not the student. The page is the one its release's
 * table matched (pages/render/firstScreens.ts). Any other page, an unknown id or a malformed one has no
 * preview of its own (undefined: the site's generic one).
 */
export function linkPreviews(repository: LinkPreviewRepository, options: { publicUrl: string }) {
  const site = new URL(options.publicUrl);

  function picture(url: string | null, alt: string, wide: boolean): LinkPreview['image'] {
    if (!url || url.startsWith('//')) return undefined;
    let absolute: URL;
    try {
      absolute = new URL(url, site);
    } catch {
      return undefined;
    }
    if (!/^https?:$/.test(absolute.protocol) || !SHOWN_PICTURE.test(absolute.pathname)) return undefined;
    return { url: absolute.href, alt, wide };
  }

  const teamPicture = (team: TeamCard, t: Translate) =>
    picture(team.photoUrl, t('server.preview.logo', { team: team.teamName }), false) ??
    picture(team.backgroundPhotoUrl, t('server.preview.teamPhoto', { team: team.teamName }), true);

  const supportLine = (team: TeamCard, t: Translate) =>
    t('server.preview.support', { team: team.teamName, school: team.schoolName });

  const teamPreview = (team: TeamCard | undefined, t: Translate): LinkPreview | undefined =>
    team && {
      title: t('server.preview.teamTitle', { team: team.teamName, school: team.schoolName }),
      description: supportLine(team, t),
      image: teamPicture(team, t),
    };

  return {
    /** The page's preview in the reader's language (`t`: the request's; a crawler that sends none reads English). */
    async previewOf(page: PreviewedPage, t: Translate): Promise<LinkPreview | undefined> {
      const { params } = page;
      switch (page.path) {
        case '/Order/:fundraiserId/:itemId/:phone': {
          const fundraiserId = parseRecordId(params.fundraiserId);
          return fundraiserId === undefined ? undefined : teamPreview(await repository.team(fundraiserId), t);
        }
        case '/Order/:fdid':
        case '/Order/:fdid/:cashcheck':
          return teamPreview(await repository.teamOfPage(params.fdid ?? ''), t);
        case '/Order/Contact/:contactGuid':
        case '/Order/Social/:socialGuid': {
          const link = page.path === '/Order/Contact/:contactGuid' ? 'contactGuid' : 'socialGuid';
          const student = await repository.studentOfShareLink(link, params[link] ?? '');
          if (!student) return undefined;
          // Issue 34: a fundraiser in privacy mode names no student in a preview: its team's preview.
          if (!namesStudentsInPublic(student)) return teamPreview(student, t);
          const who = studentNameIn(student, student.firstName, student.lastName);
          const goal = formatCents(student.goalPerStudentCents).replace(/\.00$/, '');
          return {
            title:
              student.goalPerStudentCents > 0
                ? t('server.preview.studentGoal', { student: who, goal, team: student.teamName })
                : t('server.preview.student', { student: who, team: student.teamName }),
            description: supportLine(student, t),
            image: teamPicture(student, t),
          };
        }
        default:
          return undefined;
      }
    },
  };
}

export type LinkPreviews = ReturnType<typeof linkPreviews>;

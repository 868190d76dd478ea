-- Issue 34: a privacy mode per fundraiser (FERPA lets families opt out of directory information).
-- In privacy mode the fundraiser has no leaderboard, its students are named by first name only
-- wherever a page, a receipt, a text or a link preview names them, and link previews name no
-- student at all (shared/src/rules/studentName.ts decides how a student is named). Off for every
-- fundraiser until the admin API or the import turns it on.
ALTER TABLE "fundraisers" ADD COLUMN "privacy_mode" boolean DEFAULT false NOT NULL;

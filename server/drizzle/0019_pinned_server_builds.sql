-- Issue 33: a promoted release's server build is pinned by its SHA-256, read when it was promoted,
-- so a file changed on the remote's origin afterwards is never run by the API's render worker.
-- 'none' records a release that had no server build (none may appear later); NULL is an event
-- written before this migration (or a rollback), whose build is run unpinned as before.
ALTER TABLE "release_events" ADD COLUMN "server_build_sha256" text;

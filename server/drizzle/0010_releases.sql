-- Issue 21: the release registry. Every promotion, canary and rollback of a remote, in order; the
-- live release and any canary are read from this history (server/src/services/releaseState.ts).
CREATE TABLE IF NOT EXISTS "release_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"action" text NOT NULL,
	"version" text,
	"share" integer,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "release_events_remote_idx" ON "release_events" USING btree ("remote","id");

-- Issue 32: a site-wide daily cap on texts (SMS_DAILY_CAP), so that a flood of sign-ups or a bug
-- cannot send more texts in a day than the carriers allow us. Every text handed to the SMS provider
-- counts in its UTC day's row, shared by every instance (a conditional upsert); a text over the cap
-- is 'held' until the next day, when the retry job sends it, found by the partial index below.
CREATE TABLE IF NOT EXISTS "sms_daily_counts" (
	"day" date PRIMARY KEY NOT NULL,
	"sent" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_held_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'held';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_held_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'held';

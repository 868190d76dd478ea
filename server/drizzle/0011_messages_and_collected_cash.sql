-- Issue 30. Messages left by a process that died mid-send are sent again once their lease runs out;
-- a text has a dedupe key like e-mail, so a paid order's tickets text is stored, and sent, once.
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN IF NOT EXISTS "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "dedupe_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "sms_outbox_dedupe_idx" ON "sms_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_lease_idx" ON "sms_outbox" USING btree ("lease_until") WHERE "sms_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_lease_idx" ON "email_outbox" USING btree ("lease_until") WHERE "email_outbox"."status" = 'queued';--> statement-breakpoint
-- Messages a crash left queued in the last day go out now; older ones are not sent this late.
UPDATE "sms_outbox" SET "lease_until" = now() WHERE "status" = 'queued' AND "created_at" > now() - interval '1 day';--> statement-breakpoint
UPDATE "email_outbox" SET "lease_until" = now() WHERE "status" = 'queued' AND "created_at" > now() - interval '1 day';--> statement-breakpoint
-- A cash or check sale is collected by a student; its receipt becomes a tax receipt only once the
-- organisation confirms it received the money. Sales recorded before this are not confirmed either.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cash_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cash_received_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "cash_deposit_ref" text;--> statement-breakpoint
-- Daily e-mail budgets per address and per student page, shared by every instance.
CREATE TABLE IF NOT EXISTS "email_budgets" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"day" date NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "email_budgets_kind_subject_day_pk" PRIMARY KEY("kind","subject","day")
);
--> statement-breakpoint
-- Browser log rows are pruned by age (the log prune job).
CREATE INDEX IF NOT EXISTS "logs_created_at_idx" ON "logs" USING btree ("created_at");
--> statement-breakpoint
-- Names typed before the typed-text rule lose their invisible and direction-changing characters
-- (shared/src/rules/typedText.ts), as new names are tidied on the way in.
UPDATE "orders" SET "student_first_name" = btrim(regexp_replace(regexp_replace("student_first_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "student_first_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';--> statement-breakpoint
UPDATE "orders" SET "student_last_name" = btrim(regexp_replace(regexp_replace("student_last_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "student_last_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';--> statement-breakpoint
UPDATE "orders" SET "supporter_first_name" = btrim(regexp_replace(regexp_replace("supporter_first_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "supporter_first_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';--> statement-breakpoint
UPDATE "orders" SET "supporter_last_name" = btrim(regexp_replace(regexp_replace("supporter_last_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "supporter_last_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';--> statement-breakpoint
UPDATE "fundraiser_devices" SET "student_first_name" = btrim(regexp_replace(regexp_replace("student_first_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "student_first_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';--> statement-breakpoint
UPDATE "fundraiser_devices" SET "student_last_name" = btrim(regexp_replace(regexp_replace("student_last_name", E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]', ' ', 'g'), E'[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]', '', 'g')) WHERE "student_last_name" ~ E'[\u0001-\u001F\u007F-\u009F\u2028\u2029]|[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFE00-\uFE0F\uFEFF\uFFA0\U0001BCA0-\U0001BCA3\U000E0000-\U000E0FFF]';

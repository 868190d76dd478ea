-- Failed texts are sent again later (sms/httpProvider.ts retryDue): how many times a provider was
-- asked, and when the next try is due. Existing rows had one try each and are never retried.
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "attempts" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD COLUMN IF NOT EXISTS "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sms_outbox_retry_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE "sms_outbox"."status" = 'failed';

-- Issue 19: e-mail. Every e-mail the site sends is kept here (email/), with its attachments so a
-- retry sends the same bytes; `dedupe_key` makes a message for one purpose (a paid order's
-- receipt) be stored, and so sent, once.
CREATE TABLE IF NOT EXISTS "email_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"dedupe_key" text,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 1 NOT NULL,
	"next_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "email_outbox_dedupe_idx" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "email_outbox_retry_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" = 'failed';--> statement-breakpoint
-- What was done once for a paid order (the ticket links text): the row is the claim.
CREATE TABLE IF NOT EXISTS "order_notices" (
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_notices_order_id_kind_pk" PRIMARY KEY("order_id","kind")
);
--> statement-breakpoint
-- A paid order's receipt and notices find its ticket purchases by order.
CREATE INDEX IF NOT EXISTS "ticket_purchases_order_idx" ON "ticket_purchases" USING btree ("order_id");
--> statement-breakpoint
-- The e-mail retry job looks for orders paid lately whose notices never went out (a crash between
-- the payment and its notices).
CREATE INDEX IF NOT EXISTS "orders_paid_at_idx" ON "orders" USING btree ("paid_at");

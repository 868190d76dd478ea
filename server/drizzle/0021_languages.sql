-- Issue 35 (docs/i18n.md): an order, a student page and a ticket purchase keep the language of the
-- page they were made in, English or Spanish, and every text and e-mail to their person uses it:
-- the receipt e-mail, the tickets text, a student's reminders. Rows made before are English, as
-- every page was.
ALTER TABLE "orders" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_language" CHECK ("language" IN ('en', 'es'));--> statement-breakpoint
ALTER TABLE "fundraiser_devices" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "fundraiser_devices" ADD CONSTRAINT "fundraiser_devices_language" CHECK ("language" IN ('en', 'es'));--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_purchases" ADD CONSTRAINT "ticket_purchases_language" CHECK ("language" IN ('en', 'es'));

-- Issue 34: receipts by organisation and by the tax rules (IRS Publication 1771).
-- A school's receipts may be issued by an organisation of its own (a booster club, a team, a
-- district foundation), which may not be a 501(c)(3); null legal name: the site's (ORG_*). Its legal
-- name and its 501(c)(3) status are set and cleared together.
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "org_legal_name" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "org_address" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "org_tax_id" text;--> statement-breakpoint
ALTER TABLE "schools" ADD COLUMN IF NOT EXISTS "org_is_501c3" boolean;--> statement-breakpoint
ALTER TABLE "schools" ADD CONSTRAINT "schools_org_complete" CHECK (("org_legal_name" IS NULL) = ("org_is_501c3" IS NULL));--> statement-breakpoint
-- The good-faith value of the goods or services a payment buys, in cents: an item's (for its options),
-- an option's, a bundle's (its entries together); null: the price. An order line keeps the value it
-- was sold at, so a later change does not rewrite a receipt; lines made before keep null, their total.
ALTER TABLE "items" ADD COLUMN IF NOT EXISTS "goods_value" integer;--> statement-breakpoint
ALTER TABLE "item_options" ADD COLUMN IF NOT EXISTS "goods_value" integer;--> statement-breakpoint
ALTER TABLE "option_bundles" ADD COLUMN IF NOT EXISTS "goods_value" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN IF NOT EXISTS "goods_value" integer;

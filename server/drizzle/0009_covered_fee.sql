-- Issue 19 "Cover the fees": the processing fee a supporter chose to add at card checkout, on top of
-- `order_total` (which stays the order's items, shipping and donation). Set when the approved charge
-- is recorded, from the charged amount less the order total (services/cardAttempts.ts), so a charge
-- recovered after a crash records it the same way. What was paid in all is order_total + covered_fee.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "covered_fee" integer DEFAULT 0 NOT NULL;

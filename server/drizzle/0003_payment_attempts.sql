ALTER TABLE "payments" ADD COLUMN "supporter_details" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_pending_order_idx" ON "payments" USING btree ("order_id") WHERE status = 'pending';
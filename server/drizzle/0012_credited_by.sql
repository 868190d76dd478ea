-- Issue 31: an order from the team's page counts for the student whose name the supporter typed,
-- when exactly one student page of the team has it; this says so ('name', or 'name_quiet' when the
-- order's answers must not name the student), so the student's page shows such an order without
-- the supporter's name and phone.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "credited_by" text;

-- Issue 9 "Goal progress": the fundraiser's goal is per student (the share text's $500 each).
-- The old goal_cents column (integer NOT NULL DEFAULT 50000) held exactly that figure under a
-- vaguer name and was only read back as GetMyFundraiser's fundraiser.goal, so it is renamed (values
-- and default kept) rather than left beside a second goal column. A goal must be positive (the
-- team goal divides by it for the bar); the import used to accept 0, so such rows get the default.
ALTER TABLE "fundraisers" RENAME COLUMN "goal_cents" TO "goal_per_student_cents";--> statement-breakpoint
UPDATE "fundraisers" SET "goal_per_student_cents" = 50000 WHERE "goal_per_student_cents" <= 0;--> statement-breakpoint
ALTER TABLE "fundraisers" ADD CONSTRAINT "fundraisers_goal_per_student_positive" CHECK ("goal_per_student_cents" > 0);
--> statement-breakpoint
-- Progress lists a fundraiser's student pages; without this it scanned every page of every fundraiser.
CREATE INDEX "fundraiser_devices_fundraiser_idx" ON "fundraiser_devices" USING btree ("fundraiser_id");

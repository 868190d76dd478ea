-- Issue 34 (COPPA): a student under 13 keeps only the initial of their last name ("Rivera" -> "R."),
-- so no place names a child by first and last name (server/src/students/repositories/pagePrivacy.ts).
-- The orders made through such a page's links carry the name the page gave them: cut the same way
-- (only where it is still the page's), then the pages themselves.
UPDATE "orders" SET "student_last_name" = upper(left(btrim(d."student_last_name"), 1)) || '.'
FROM "fundraiser_devices" d
WHERE "orders"."fundraiser_device_id" = d."id"
  AND d."student_is_13_or_older" IS FALSE
  AND btrim(d."student_last_name") <> ''
  AND "orders"."credited_by" IS NULL
  AND "orders"."student_last_name" = d."student_last_name";
--> statement-breakpoint
UPDATE "fundraiser_devices" SET "student_last_name" = upper(left(btrim("student_last_name"), 1)) || '.'
WHERE "student_is_13_or_older" IS FALSE
  AND btrim("student_last_name") <> ''
  AND "student_last_name" <> upper(left(btrim("student_last_name"), 1)) || '.';

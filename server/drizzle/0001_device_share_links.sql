ALTER TABLE "fundraiser_devices" ADD COLUMN "contact_guid" uuid;--> statement-breakpoint
ALTER TABLE "fundraiser_devices" ADD COLUMN "social_guid" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_devices_contact_idx" ON "fundraiser_devices" USING btree ("contact_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "fundraiser_devices_social_idx" ON "fundraiser_devices" USING btree ("social_guid");
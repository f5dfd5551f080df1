ALTER TABLE "experts" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "pin_code" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "pin_code" text;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
CREATE INDEX "experts_public_pin_idx" ON "experts" USING btree ("latitude","longitude") WHERE "experts"."is_public" and "experts"."latitude" is not null;--> statement-breakpoint
CREATE INDEX "outlets_public_pin_idx" ON "outlets" USING btree ("latitude","longitude") WHERE "outlets"."is_public" and "outlets"."latitude" is not null;
ALTER TABLE "experts" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "approved_values" jsonb;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "approved_values" jsonb;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "approved_values" jsonb;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "approved_values" jsonb;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "experts_review_idx" ON "experts" USING btree ("updated_at") WHERE "experts"."status" = 'pending' or "experts"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "features_review_idx" ON "features" USING btree ("updated_at") WHERE "features"."status" = 'pending' or "features"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "news_review_idx" ON "news" USING btree ("updated_at") WHERE "news"."status" = 'pending' or "news"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "outlets_review_idx" ON "outlets" USING btree ("updated_at") WHERE "outlets"."status" = 'pending' or "outlets"."edited_at" is not null;
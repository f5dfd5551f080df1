DROP INDEX "experts_review_idx";--> statement-breakpoint
DROP INDEX "features_review_idx";--> statement-breakpoint
DROP INDEX "news_review_idx";--> statement-breakpoint
DROP INDEX "outlets_review_idx";--> statement-breakpoint
CREATE INDEX "experts_updated_idx" ON "experts" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "features_updated_idx" ON "features" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "news_updated_idx" ON "news" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "outlets_updated_idx" ON "outlets" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "experts_review_idx" ON "experts" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "experts"."status" = 'pending' or "experts"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "features_review_idx" ON "features" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "features"."status" = 'pending' or "features"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "news_review_idx" ON "news" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "news"."status" = 'pending' or "news"."edited_at" is not null;--> statement-breakpoint
CREATE INDEX "outlets_review_idx" ON "outlets" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "outlets"."status" = 'pending' or "outlets"."edited_at" is not null;
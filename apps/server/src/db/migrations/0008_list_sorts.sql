CREATE INDEX "experts_public_created_idx" ON "experts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "experts"."is_public";--> statement-breakpoint
CREATE INDEX "features_public_title_idx" ON "features" USING btree ("title","id") WHERE "features"."is_public";--> statement-breakpoint
CREATE INDEX "news_public_title_idx" ON "news" USING btree ("title","id") WHERE "news"."is_public";--> statement-breakpoint
CREATE INDEX "outlets_public_time_idx" ON "outlets" USING btree ("publishing_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "outlets"."is_public";
DROP INDEX "categories_title_words_idx";--> statement-breakpoint
DROP INDEX "editions_title_words_idx";--> statement-breakpoint
DROP INDEX "experts_title_words_idx";--> statement-breakpoint
DROP INDEX "features_title_words_idx";--> statement-breakpoint
DROP INDEX "news_title_words_idx";--> statement-breakpoint
DROP INDEX "outlets_title_words_idx";--> statement-breakpoint
DROP INDEX "pages_title_words_idx";--> statement-breakpoint
DROP INDEX "services_title_words_idx";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "title_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, title)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "categories_title_words_idx" ON "categories" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "editions_title_words_idx" ON "editions" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "experts_title_words_idx" ON "experts" USING gin ("title_vector") WHERE "experts"."is_public";--> statement-breakpoint
CREATE INDEX "features_title_words_idx" ON "features" USING gin ("title_vector") WHERE "features"."is_public";--> statement-breakpoint
CREATE INDEX "news_title_words_idx" ON "news" USING gin ("title_vector") WHERE "news"."is_public";--> statement-breakpoint
CREATE INDEX "outlets_title_words_idx" ON "outlets" USING gin ("title_vector") WHERE "outlets"."is_public";--> statement-breakpoint
CREATE INDEX "pages_title_words_idx" ON "pages" USING gin ("title_vector");--> statement-breakpoint
CREATE INDEX "services_title_words_idx" ON "services" USING gin ("title_vector");
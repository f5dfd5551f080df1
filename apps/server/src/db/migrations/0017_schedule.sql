ALTER TABLE "events" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "experts" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "unpublish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outlets" ADD COLUMN "unpublish_at" timestamp with time zone;
-- Circle listings and record cleanup are kept by the public-write step (modules/content/public-write.ts), which
-- every writer goes through; the triggers that did it for news, features and the four kinds go.
DROP TRIGGER IF EXISTS news_circles_fill ON news_circles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS news_listing_sync ON news;
--> statement-breakpoint
DROP TRIGGER IF EXISTS feature_circles_fill ON feature_circles;
--> statement-breakpoint
DROP TRIGGER IF EXISTS features_listing_sync ON features;
--> statement-breakpoint
DROP FUNCTION IF EXISTS news_circles_fill();
--> statement-breakpoint
DROP FUNCTION IF EXISTS news_listing_sync();
--> statement-breakpoint
DROP FUNCTION IF EXISTS feature_circles_fill();
--> statement-breakpoint
DROP FUNCTION IF EXISTS features_listing_sync();
--> statement-breakpoint
DROP TRIGGER IF EXISTS experts_cleanup ON experts;
--> statement-breakpoint
DROP TRIGGER IF EXISTS outlets_cleanup ON outlets;
--> statement-breakpoint
DROP TRIGGER IF EXISTS news_cleanup ON news;
--> statement-breakpoint
DROP TRIGGER IF EXISTS features_cleanup ON features;
--> statement-breakpoint
DROP FUNCTION IF EXISTS record_cleanup();

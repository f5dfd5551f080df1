-- news_circles: each row carries its news item's edition_id, publishing_time and is_public (see schema.ts, circleListing).
CREATE FUNCTION news_circles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.edition_id, r.publishing_time, r.is_public INTO NEW.edition_id, NEW.publishing_time, NEW.is_public FROM news r WHERE r.id = NEW.news_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_circles_fill BEFORE INSERT OR UPDATE OF news_id ON news_circles
  FOR EACH ROW EXECUTE FUNCTION news_circles_fill();
--> statement-breakpoint
CREATE FUNCTION news_listing_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE news_circles SET edition_id = NEW.edition_id, publishing_time = NEW.publishing_time, is_public = NEW.is_public WHERE news_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_listing_sync AFTER UPDATE OF edition_id, publishing_time, is_public ON news
  FOR EACH ROW
  WHEN (OLD.edition_id IS DISTINCT FROM NEW.edition_id OR OLD.publishing_time IS DISTINCT FROM NEW.publishing_time OR OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION news_listing_sync();
--> statement-breakpoint
-- feature_circles: each row carries its feature's page_id, published_date and is_public (see schema.ts, circleListing).
CREATE FUNCTION feature_circles_fill() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.page_id, r.published_date, r.is_public INTO NEW.page_id, NEW.published_date, NEW.is_public FROM features r WHERE r.id = NEW.feature_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER feature_circles_fill BEFORE INSERT OR UPDATE OF feature_id ON feature_circles
  FOR EACH ROW EXECUTE FUNCTION feature_circles_fill();
--> statement-breakpoint
CREATE FUNCTION features_listing_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE feature_circles SET page_id = NEW.page_id, published_date = NEW.published_date, is_public = NEW.is_public WHERE feature_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER features_listing_sync AFTER UPDATE OF page_id, published_date, is_public ON features
  FOR EACH ROW
  WHEN (OLD.page_id IS DISTINCT FROM NEW.page_id OR OLD.published_date IS DISTINCT FROM NEW.published_date OR OLD.is_public IS DISTINCT FROM NEW.is_public)
  EXECUTE FUNCTION features_listing_sync();

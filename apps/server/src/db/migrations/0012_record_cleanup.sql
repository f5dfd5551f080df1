-- Issue 15: a record's day counts and the reports about it have no foreign key (one table serves several kinds), so
-- they leave with the record here, whichever path deletes it (an owner, an admin, an account's deletion).
CREATE FUNCTION record_cleanup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM listing_counts WHERE kind = TG_ARGV[0] AND listing_id = OLD.id;
  DELETE FROM reports WHERE kind = TG_ARGV[0] AND record_id = OLD.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER experts_cleanup AFTER DELETE ON experts FOR EACH ROW EXECUTE FUNCTION record_cleanup('expert');
--> statement-breakpoint
CREATE TRIGGER outlets_cleanup AFTER DELETE ON outlets FOR EACH ROW EXECUTE FUNCTION record_cleanup('outlet');
--> statement-breakpoint
CREATE TRIGGER news_cleanup AFTER DELETE ON news FOR EACH ROW EXECUTE FUNCTION record_cleanup('news');
--> statement-breakpoint
CREATE TRIGGER features_cleanup AFTER DELETE ON features FOR EACH ROW EXECUTE FUNCTION record_cleanup('feature');

CREATE TABLE "search_lexicon" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"in_title" boolean DEFAULT false NOT NULL,
	"records" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexicon_title_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops) WHERE "search_lexicon"."in_title";--> statement-breakpoint
-- What the lexicon holds: every word of every public record's search vector, whether a public title holds it, and how
-- many records hold it (ts_stat reads the vectors in one pass; the weights 'a' are the title's words, schema.ts
-- searchVector).
CREATE FUNCTION search_lexicon_words() RETURNS TABLE (word text, in_title boolean, records integer) LANGUAGE sql STABLE AS $$
  SELECT w.word, bool_or(w.in_title), max(w.records) FROM (
    SELECT s.word, false AS in_title, s.ndoc AS records FROM ts_stat('SELECT search_vector FROM news WHERE is_public UNION ALL SELECT search_vector FROM experts WHERE is_public UNION ALL SELECT search_vector FROM outlets WHERE is_public UNION ALL SELECT search_vector FROM features WHERE is_public UNION ALL SELECT search_vector FROM events WHERE is_public UNION ALL SELECT search_vector FROM services WHERE status = ''active'' UNION ALL SELECT search_vector FROM categories WHERE status = ''active'' UNION ALL SELECT search_vector FROM editions WHERE status = ''active'' UNION ALL SELECT search_vector FROM pages WHERE status = ''active'' UNION ALL SELECT search_vector FROM event_types WHERE status = ''active''') s
    UNION ALL
    SELECT s.word, true, 0 FROM ts_stat('SELECT search_vector FROM news WHERE is_public UNION ALL SELECT search_vector FROM experts WHERE is_public UNION ALL SELECT search_vector FROM outlets WHERE is_public UNION ALL SELECT search_vector FROM features WHERE is_public UNION ALL SELECT search_vector FROM events WHERE is_public UNION ALL SELECT search_vector FROM services WHERE status = ''active'' UNION ALL SELECT search_vector FROM categories WHERE status = ''active'' UNION ALL SELECT search_vector FROM editions WHERE status = ''active'' UNION ALL SELECT search_vector FROM pages WHERE status = ''active'' UNION ALL SELECT search_vector FROM event_types WHERE status = ''active''', 'a') s
  ) w GROUP BY w.word
$$;
--> statement-breakpoint
-- Brings the lexicon in step with the public records: adds what is missing, takes out words no public record holds
-- any more (a record unpublished, deleted or edited), clears "in a title" where no title holds the word, and counts
-- the records of each. The daily search-lexicon job runs it; between runs the triggers below only ever add (a new
-- word counts 1).
CREATE FUNCTION search_lexicon_refresh() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE search_lexicon_live ON COMMIT DROP AS SELECT * FROM search_lexicon_words();
  CREATE UNIQUE INDEX ON search_lexicon_live (word);
  DELETE FROM search_lexicon l WHERE NOT EXISTS (SELECT 1 FROM search_lexicon_live v WHERE v.word = l.word);
  INSERT INTO search_lexicon (word, in_title, records) SELECT word, in_title, records FROM search_lexicon_live ORDER BY word
    ON CONFLICT (word) DO UPDATE SET in_title = excluded.in_title, records = excluded.records
    WHERE (search_lexicon.in_title, search_lexicon.records) IS DISTINCT FROM (excluded.in_title, excluded.records);
  DROP TABLE search_lexicon_live;
END $$;
--> statement-breakpoint
-- A record written public adds its words (in word order, so two writers lock the same rows in the same order).
CREATE FUNCTION search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word, in_title)
    SELECT v.lexeme, 'A' = ANY (v.weights) FROM unnest(NEW.search_vector) v ORDER BY v.lexeme
    ON CONFLICT (word) DO UPDATE SET in_title = true WHERE excluded.in_title AND NOT search_lexicon.in_title;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER news_search_lexicon_insert AFTER INSERT ON news FOR EACH ROW WHEN (NEW.is_public)
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER news_search_lexicon_update AFTER UPDATE ON news FOR EACH ROW
  WHEN (NEW.is_public AND (NOT OLD.is_public OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER experts_search_lexicon_insert AFTER INSERT ON experts FOR EACH ROW WHEN (NEW.is_public)
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER experts_search_lexicon_update AFTER UPDATE ON experts FOR EACH ROW
  WHEN (NEW.is_public AND (NOT OLD.is_public OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER outlets_search_lexicon_insert AFTER INSERT ON outlets FOR EACH ROW WHEN (NEW.is_public)
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER outlets_search_lexicon_update AFTER UPDATE ON outlets FOR EACH ROW
  WHEN (NEW.is_public AND (NOT OLD.is_public OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER features_search_lexicon_insert AFTER INSERT ON features FOR EACH ROW WHEN (NEW.is_public)
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER features_search_lexicon_update AFTER UPDATE ON features FOR EACH ROW
  WHEN (NEW.is_public AND (NOT OLD.is_public OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER events_search_lexicon_insert AFTER INSERT ON events FOR EACH ROW WHEN (NEW.is_public)
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER events_search_lexicon_update AFTER UPDATE ON events FOR EACH ROW
  WHEN (NEW.is_public AND (NOT OLD.is_public OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER services_search_lexicon_insert AFTER INSERT ON services FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER services_search_lexicon_update AFTER UPDATE ON services FOR EACH ROW
  WHEN (NEW.status = 'active' AND (OLD.status <> 'active' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER categories_search_lexicon_insert AFTER INSERT ON categories FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER categories_search_lexicon_update AFTER UPDATE ON categories FOR EACH ROW
  WHEN (NEW.status = 'active' AND (OLD.status <> 'active' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER editions_search_lexicon_insert AFTER INSERT ON editions FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER editions_search_lexicon_update AFTER UPDATE ON editions FOR EACH ROW
  WHEN (NEW.status = 'active' AND (OLD.status <> 'active' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER pages_search_lexicon_insert AFTER INSERT ON pages FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER pages_search_lexicon_update AFTER UPDATE ON pages FOR EACH ROW
  WHEN (NEW.status = 'active' AND (OLD.status <> 'active' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER event_types_search_lexicon_insert AFTER INSERT ON event_types FOR EACH ROW WHEN (NEW.status = 'active')
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
CREATE TRIGGER event_types_search_lexicon_update AFTER UPDATE ON event_types FOR EACH ROW
  WHEN (NEW.status = 'active' AND (OLD.status <> 'active' OR OLD.search_vector IS DISTINCT FROM NEW.search_vector))
  EXECUTE FUNCTION search_lexicon_add();
--> statement-breakpoint
SELECT search_lexicon_refresh();
--> statement-breakpoint
-- PostgreSQL keeps statistics of a vector column's commonest words only (ten per unit of the statistics target); a
-- word outside them is taken to be in half as many records as the least common kept. At the default target, at a
-- million records, that is hundreds of records for a name only three hold, and the planner walks the whole table
-- newest first looking for 200 it will not find (6.4 s where the word index answers in milliseconds). At 2,000 the
-- estimate of a rare word is a handful, the index is read.
ALTER TABLE news ALTER COLUMN search_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE news ALTER COLUMN title_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE experts ALTER COLUMN search_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE experts ALTER COLUMN title_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE outlets ALTER COLUMN search_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE outlets ALTER COLUMN title_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE features ALTER COLUMN search_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE features ALTER COLUMN title_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE events ALTER COLUMN search_vector SET STATISTICS 2000;
--> statement-breakpoint
ALTER TABLE events ALTER COLUMN title_vector SET STATISTICS 2000;

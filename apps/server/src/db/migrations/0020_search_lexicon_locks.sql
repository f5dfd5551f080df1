-- A record written public adds only the words the lexicon lacks. An upsert (ON CONFLICT DO UPDATE) locks every row it
-- meets even when it changes none, so two publishes sharing a common word waited on each other until commit, and a
-- statement making many records public at once (a parent or an account reactivated) could deadlock with them. A word
-- the lexicon holds is now only read; a title word it held from text alone is marked, which locks just those rows.
CREATE OR REPLACE FUNCTION search_lexicon_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_lexicon (word, in_title)
    SELECT v.lexeme, 'A' = ANY (v.weights) FROM unnest(NEW.search_vector) v
    WHERE NOT EXISTS (SELECT 1 FROM search_lexicon l WHERE l.word = v.lexeme)
    ORDER BY v.lexeme
    ON CONFLICT (word) DO NOTHING;
  UPDATE search_lexicon l SET in_title = true
    FROM unnest(NEW.search_vector) v
    WHERE l.word = v.lexeme AND 'A' = ANY (v.weights) AND NOT l.in_title;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The daily refresh takes out only words the lexicon held before its scan of the records began: a word a trigger adds
-- while the scan runs belongs to a record the scan may not see, and stays. Rows are rewritten only where the count or
-- the title mark differs, and new words are added without touching those that exist.
CREATE OR REPLACE FUNCTION search_lexicon_refresh() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  CREATE TEMP TABLE search_lexicon_before ON COMMIT DROP AS SELECT word FROM search_lexicon;
  CREATE TEMP TABLE search_lexicon_live ON COMMIT DROP AS SELECT * FROM search_lexicon_words();
  CREATE UNIQUE INDEX ON search_lexicon_live (word);
  DELETE FROM search_lexicon l USING search_lexicon_before b
    WHERE b.word = l.word AND NOT EXISTS (SELECT 1 FROM search_lexicon_live v WHERE v.word = l.word);
  UPDATE search_lexicon l SET in_title = v.in_title, records = v.records
    FROM search_lexicon_live v
    WHERE v.word = l.word AND (l.in_title, l.records) IS DISTINCT FROM (v.in_title, v.records);
  INSERT INTO search_lexicon (word, in_title, records)
    SELECT word, in_title, records FROM search_lexicon_live ORDER BY word
    ON CONFLICT (word) DO NOTHING;
  DROP TABLE search_lexicon_live;
  DROP TABLE search_lexicon_before;
END $$;
--> statement-breakpoint
-- The word statistics at the larger target (the previous migration) take effect at the next ANALYZE, which autovacuum
-- runs late on a large table; they are gathered now.
ANALYZE news (search_vector, title_vector), experts (search_vector, title_vector), outlets (search_vector, title_vector),
  features (search_vector, title_vector), events (search_vector, title_vector);

-- Fleets number their devices ("device-4999", "RUTX11_Site_0042") and a search names the
-- number after a separator. The trigrams that start such a word ("  4", " 49") are in every
-- name whose word starts alike, a tenth of a fleet or more, and the name's trigram index
-- reads them whole. This index holds every start of every word instead (3 to 16 characters,
-- lower-cased, words split at anything but a letter or digit), so such a search reads one
-- posting list of the names that hold it.
-- Its own search_path keeps the index the same whatever a session's is, and spares the
-- planner an attempt to inline it into every search.
CREATE FUNCTION "word_prefixes"(text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  SET search_path = pg_catalog
  AS $$
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(word, n))), ''::tsvector)
    FROM unnest(regexp_split_to_array(lower($1), '[^[:alnum:]]+')) AS word,
      generate_series(3, least(length(word), 16)) AS n
  $$;
--> statement-breakpoint
CREATE INDEX "devices_name_words_idx" ON "devices" USING gin (word_prefixes("name")) WITH (fastupdate = off);

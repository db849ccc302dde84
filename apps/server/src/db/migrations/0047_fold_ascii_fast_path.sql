-- counterparty_search_text (migration 0032) folds every text through lower case, two Unicode
-- normalisations and a regular expression: about 6 µs per call. A text of ASCII characters only
-- (one byte each in UTF-8, so its length in bytes is its length in characters) comes out of all
-- of that as its lower case alone: no ASCII character decomposes, none is a combining mark or one
-- of ł ø đ ß æ œ. So such a text takes lower() only (0.3 µs), with the same result for every
-- input; the stored search names and the indexes over them stay as they are. It is called several
-- times per search statement (the search's bounds and pattern), per inserted or renamed
-- counterparty and invoice, and per row where a list sorts by a folded name (reader-text.ts).
-- Still one expression over p, so PostgreSQL still inlines it.
CREATE OR REPLACE FUNCTION counterparty_search_text(p text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
           WHEN octet_length(p) = length(p) THEN lower(p COLLATE pg_c_utf8)
           ELSE normalize(
                  regexp_replace(
                    normalize(
                      replace(replace(replace(translate(lower(p COLLATE pg_c_utf8), 'łøđ', 'lod'), 'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'),
                      NFD),
                  '[\u0300-\u036f]', '', 'g'),
                NFC)
         END COLLATE "default" $$;

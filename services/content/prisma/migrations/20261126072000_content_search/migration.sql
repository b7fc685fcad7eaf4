-- Full-text search over guides and blogs (GET /api/search).

-- AlterTable: the body without its Markdown syntax. Existing rows get an approximation made here,
-- step by step, until the next sync replaces it with its own conversion (whose version is in the
-- checksum, so every row is rewritten once).
-- No semicolons in these comments: the migration runner (through the pg adapter) splits the
-- script at every one, comments included.
ALTER TABLE "content_items" ADD COLUMN "plain_content" TEXT NOT NULL DEFAULT '';

-- The highlight markers of search snippets must never occur in the text itself.
UPDATE "content_items" SET "plain_content" = translate("content", E'\uE000\uE001', '');
-- Code fences.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '^[ \t]*(```|~~~).*$', '', 'gn');
-- Links and images keep their text, not their address.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '!?\[([^]\n]*)\]\([^)\n]*\)', '\1', 'g');
-- Headings, quotes and list markers.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '^[ \t]*(#{1,6}[ \t]+|>[ \t]?|[-*+][ \t]+|[0-9]+[.)][ \t]+)', '', 'gn');
-- Table rules and thematic breaks.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '^[ \t|:*_-]*[-*_]{3,}[ \t|:*_-]*$', '', 'gn');
-- Emphasis and inline code.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '[*`]+', '', 'g');
-- Table cell borders.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '[ \t]*\|[ \t|]*', ' ', 'g');
-- Spaces at either end of a line, and empty lines.
UPDATE "content_items" SET "plain_content" = regexp_replace("plain_content", '^[ \t]+|[ \t]+$', '', 'gn');
UPDATE "content_items" SET "plain_content" = btrim(regexp_replace("plain_content", '\n{2,}', E'\n', 'g'), E'\n');

ALTER TABLE "content_items" ALTER COLUMN "plain_content" DROP DEFAULT;

-- AlterTable: Prisma knows this column as Unsupported("tsvector"), PostgreSQL keeps it up to date.
ALTER TABLE "content_items" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
  setweight(to_tsvector('english'::regconfig, "description"), 'B') ||
  setweight(to_tsvector('english'::regconfig, "plain_content"), 'C')
) STORED;

-- CreateIndex
CREATE INDEX "content_items_search_vector_idx" ON "content_items" USING GIN ("search_vector");

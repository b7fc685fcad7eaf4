-- Search snippets from the passage that matches best (GET /api/search): the body's lines (a
-- paragraph, a heading, a list item, a table row), each with its own search vector, written by the
-- sync with the item. A snippet then costs one short passage instead of the whole body.
-- No semicolons in these comments: the migration runner splits the script at every one.

-- CreateTable: Prisma knows search_vector as Unsupported("tsvector"), PostgreSQL keeps it up to date.
CREATE TABLE "content_passages" (
    "item_id" UUID NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED,

    CONSTRAINT "content_passages_pkey" PRIMARY KEY ("item_id","ordinal")
);

-- AddForeignKey
ALTER TABLE "content_passages" ADD CONSTRAINT "content_passages_item_id_fkey" FOREIGN KEY ("item_id") REFERENCES "content_items"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: the passages of every stored item, numbered as the sync numbers them (its non-empty
-- lines, from 0).
INSERT INTO "content_passages" ("item_id", "ordinal", "text")
SELECT c."id", (row_number() OVER (PARTITION BY c."id" ORDER BY line.n) - 1)::int, line.text
FROM "content_items" c,
  regexp_split_to_table(c."plain_content", E'\n') WITH ORDINALITY AS line(text, n)
WHERE btrim(line.text) <> '';

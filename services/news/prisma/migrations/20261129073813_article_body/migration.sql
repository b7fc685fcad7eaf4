-- The full article of an item beside its summary, as plain text and as safe HTML. Both are null
-- for rows stored before, and for items that carry only a summary, until a source serves them again.
-- No semicolons or quotes in these comments: the migration runner splits the script at each one.

-- AlterTable
ALTER TABLE "articles" ADD COLUMN     "body_html" TEXT,
ADD COLUMN     "body_text" TEXT;

-- Search indexes the body too, weighing less (C) than the title (A) and the description (B), as
-- the site documents do. A generated column cannot change its expression in PostgreSQL 15, so it
-- is added again, computed for every row as before, and its index with it.
ALTER TABLE "articles" DROP COLUMN "search_vector";

ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
    setweight(to_tsvector('english'::regconfig, "description"), 'B') ||
    setweight(to_tsvector('english'::regconfig, COALESCE("body_text", '')), 'C')
) STORED;

-- CreateIndex
CREATE INDEX "articles_search_vector_idx" ON "articles" USING GIN ("search_vector");

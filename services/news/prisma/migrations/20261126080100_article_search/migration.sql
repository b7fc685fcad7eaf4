-- Full-text search over articles: the title weighs more (A) than the description (B). A stored
-- generated column is computed for every existing row when it is added and kept current by
-- PostgreSQL on every write, so ingestion needs no change.
ALTER TABLE "articles" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
    setweight(to_tsvector('english'::regconfig, "description"), 'B')
) STORED;

-- CreateIndex
CREATE INDEX "articles_search_vector_idx" ON "articles" USING GIN ("search_vector");

-- Search ranks the newest matches of a common query, which this index reads newest first.
CREATE INDEX "articles_published_at_id_idx" ON "articles"("published_at" DESC, "id");

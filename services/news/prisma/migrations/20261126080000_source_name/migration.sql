-- The name a source is shown under, which search results carry. The sources file sets it, and
-- until it does the id of the source stands in.
ALTER TABLE "sources" ADD COLUMN "name" VARCHAR(120);

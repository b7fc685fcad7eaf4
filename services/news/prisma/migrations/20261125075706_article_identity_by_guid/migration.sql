-- DropIndex
DROP INDEX "articles_canonical_url_key";

-- CreateTable
CREATE TABLE "story_urls" (
    "canonical_url" TEXT NOT NULL,
    "source_id" VARCHAR(120) NOT NULL,
    "claimed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "story_urls_pkey" PRIMARY KEY ("canonical_url")
);

-- Every stored story keeps the source it is shown from (the canonical URL was unique until now).
INSERT INTO "story_urls" ("canonical_url", "source_id", "claimed_at")
SELECT "canonical_url", "source_id", "fetched_at" FROM "articles"
ON CONFLICT ("canonical_url") DO NOTHING;

-- CreateIndex
CREATE INDEX "story_urls_source_id_idx" ON "story_urls"("source_id");

-- CreateIndex
CREATE INDEX "articles_canonical_url_idx" ON "articles"("canonical_url");

-- AddForeignKey
ALTER TABLE "story_urls" ADD CONSTRAINT "story_urls_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;


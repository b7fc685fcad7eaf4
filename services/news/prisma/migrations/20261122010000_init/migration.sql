-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "sources" (
    "id" VARCHAR(120) NOT NULL,
    "url" TEXT NOT NULL,
    "feed" VARCHAR(20) NOT NULL,
    "category" VARCHAR(60),
    "min_interval_seconds" INTEGER,
    "etag" TEXT,
    "last_modified" TEXT,
    "next_check_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "consecutive_errors" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "last_fetched_at" TIMESTAMPTZ(3),

    CONSTRAINT "sources_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "articles" (
    "id" UUID NOT NULL,
    "source_id" VARCHAR(120) NOT NULL,
    "guid" TEXT NOT NULL,
    "canonical_url" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "feed" VARCHAR(20) NOT NULL,
    "category" VARCHAR(60),
    "tickers" TEXT[],

    CONSTRAINT "articles_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sources_next_check_at_idx" ON "sources"("next_check_at");

-- CreateIndex
CREATE INDEX "articles_feed_published_at_idx" ON "articles"("feed", "published_at" DESC);

-- CreateIndex
CREATE INDEX "articles_category_published_at_idx" ON "articles"("category", "published_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "articles_source_id_guid_key" ON "articles"("source_id", "guid");

-- CreateIndex
CREATE UNIQUE INDEX "articles_canonical_url_key" ON "articles"("canonical_url");

-- AddForeignKey
ALTER TABLE "articles" ADD CONSTRAINT "articles_source_id_fkey" FOREIGN KEY ("source_id") REFERENCES "sources"("id") ON DELETE CASCADE ON UPDATE CASCADE;


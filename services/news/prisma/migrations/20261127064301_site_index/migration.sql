-- The guides and blogs of the site, copied from content so that one statement searches them with
-- the articles. The vectors weigh as in content (title A, description B, body C), and the
-- passages are indexed one by one for snippets, so ranks compare with those of articles.
-- No semicolons or quotes in these comments: the migration runner splits the script at each one.

-- CreateTable
CREATE TABLE "site_documents" (
    "kind" VARCHAR(10) NOT NULL,
    "slug" VARCHAR(120) NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "published_at" TIMESTAMPTZ(3) NOT NULL,
    "body" TEXT NOT NULL,
    "search_vector" tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english'::regconfig, "title"), 'A') ||
        setweight(to_tsvector('english'::regconfig, "description"), 'B') ||
        setweight(to_tsvector('english'::regconfig, "body"), 'C')
    ) STORED,

    CONSTRAINT "site_documents_pkey" PRIMARY KEY ("kind","slug"),
    CONSTRAINT "site_documents_kind_check" CHECK ("kind" IN ('guide', 'blog'))
);

-- CreateTable
CREATE TABLE "site_passages" (
    "kind" VARCHAR(10) NOT NULL,
    "slug" VARCHAR(120) NOT NULL,
    "ordinal" INTEGER NOT NULL,
    "text" TEXT NOT NULL,
    "search_vector" tsvector GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text")) STORED,

    CONSTRAINT "site_passages_pkey" PRIMARY KEY ("kind","slug","ordinal")
);

-- CreateTable
CREATE TABLE "site_index_version" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "etag" TEXT NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "site_index_version_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "site_index_version_one_row" CHECK ("id" = 1)
);

-- CreateIndex
CREATE INDEX "site_documents_search_vector_idx" ON "site_documents" USING GIN ("search_vector");

-- AddForeignKey
ALTER TABLE "site_passages" ADD CONSTRAINT "site_passages_kind_slug_fkey" FOREIGN KEY ("kind", "slug") REFERENCES "site_documents"("kind", "slug") ON DELETE CASCADE ON UPDATE CASCADE;


-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "ContentKind" AS ENUM ('guide', 'blog');

-- CreateTable
CREATE TABLE "content_items" (
    "id" UUID NOT NULL,
    "kind" "ContentKind" NOT NULL,
    "slug" VARCHAR(120) NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "checksum" TEXT NOT NULL,
    "synced_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "content_items_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "faq_entries" (
    "id" VARCHAR(120) NOT NULL,
    "position" INTEGER NOT NULL,
    "question" TEXT NOT NULL,
    "answer" TEXT NOT NULL,
    "checksum" TEXT NOT NULL,

    CONSTRAINT "faq_entries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "content_items_kind_created_at_idx" ON "content_items"("kind", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "content_items_kind_slug_key" ON "content_items"("kind", "slug");


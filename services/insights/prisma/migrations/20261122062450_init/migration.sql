-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "DailyKind" AS ENUM ('analysis', 'opinion');

-- CreateTable
CREATE TABLE "daily_items" (
    "id" UUID NOT NULL,
    "kind" "DailyKind" NOT NULL,
    "market_date" DATE NOT NULL,
    "content" TEXT NOT NULL,
    "source_article_title" TEXT,
    "article_count" INTEGER NOT NULL,
    "writer" VARCHAR(120) NOT NULL,
    "generation" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "daily_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "daily_items_kind_market_date_key" ON "daily_items"("kind", "market_date");


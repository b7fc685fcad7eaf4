-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "daily_bars" (
    "source" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "date" DATE NOT NULL,
    "open" DOUBLE PRECISION NOT NULL,
    "high" DOUBLE PRECISION NOT NULL,
    "low" DOUBLE PRECISION NOT NULL,
    "close" DOUBLE PRECISION NOT NULL,
    "volume" BIGINT,

    CONSTRAINT "daily_bars_pkey" PRIMARY KEY ("source","symbol","date")
);

-- CreateTable
CREATE TABLE "bar_coverage" (
    "source" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "from_date" DATE NOT NULL,
    "to_date" DATE NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "bar_coverage_pkey" PRIMARY KEY ("source","symbol")
);

-- CreateTable
CREATE TABLE "instruments" (
    "source" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "exchange" TEXT,
    "type" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "instruments_pkey" PRIMARY KEY ("source","symbol")
);

-- CreateIndex
CREATE INDEX "instruments_symbol_idx" ON "instruments"("symbol");


-- CreateEnum
CREATE TYPE "BriefingStatus" AS ENUM ('sending', 'sent', 'skipped');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'sending', 'sent', 'failed', 'undeliverable', 'cancelled');

-- AlterEnum
ALTER TYPE "SubscriberStatus" ADD VALUE 'undeliverable';

-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "undeliverable_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "newsletter_briefings" (
    "market_date" DATE NOT NULL,
    "status" "BriefingStatus" NOT NULL,
    "reason" TEXT,
    "analysis" TEXT,
    "themes" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "watch" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "written_at" TIMESTAMPTZ(3),
    "listed" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "newsletter_briefings_pkey" PRIMARY KEY ("market_date")
);

-- CreateTable
CREATE TABLE "newsletter_briefing_deliveries" (
    "market_date" DATE NOT NULL,
    "subscriber_id" UUID NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_error" TEXT,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "newsletter_briefing_deliveries_pkey" PRIMARY KEY ("market_date","subscriber_id")
);

-- CreateIndex
CREATE INDEX "newsletter_briefing_deliveries_market_date_status_next_atte_idx" ON "newsletter_briefing_deliveries"("market_date", "status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "newsletter_briefing_deliveries" ADD CONSTRAINT "newsletter_briefing_deliveries_market_date_fkey" FOREIGN KEY ("market_date") REFERENCES "newsletter_briefings"("market_date") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "newsletter_briefing_deliveries" ADD CONSTRAINT "newsletter_briefing_deliveries_subscriber_id_fkey" FOREIGN KEY ("subscriber_id") REFERENCES "newsletter_subscribers"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- AlterEnum
ALTER TYPE "SubscriberStatus" ADD VALUE 'unsubscribed';

-- AlterTable
ALTER TABLE "newsletter_subscribers" ADD COLUMN     "unsubscribed_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "newsletter_signing_keys" (
    "id" INTEGER NOT NULL,
    "key" BYTEA NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "newsletter_signing_keys_pkey" PRIMARY KEY ("id")
);


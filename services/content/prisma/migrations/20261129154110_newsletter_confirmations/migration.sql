-- CreateTable
CREATE TABLE "newsletter_confirmations" (
    "id" UUID NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_confirmations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "newsletter_mail_slots" (
    "id" BIGSERIAL NOT NULL,
    "address_hash" CHAR(64) NOT NULL,
    "taken_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "newsletter_mail_slots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "newsletter_confirmations_next_attempt_at_idx" ON "newsletter_confirmations"("next_attempt_at");

-- CreateIndex
CREATE INDEX "newsletter_mail_slots_address_hash_taken_at_idx" ON "newsletter_mail_slots"("address_hash", "taken_at");

-- CreateIndex
CREATE INDEX "newsletter_mail_slots_taken_at_idx" ON "newsletter_mail_slots"("taken_at");


-- AlterTable
ALTER TABLE "sign_in_tokens" ADD COLUMN     "mail_attempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "mail_lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "pending_mail" VARCHAR(600);

-- CreateIndex
CREATE INDEX "sign_in_tokens_mail_lease_until_idx" ON "sign_in_tokens"("mail_lease_until");


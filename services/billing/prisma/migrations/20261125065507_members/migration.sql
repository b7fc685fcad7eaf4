-- AlterTable
ALTER TABLE "customers" ADD COLUMN     "member_id" UUID;

-- AlterTable
ALTER TABLE "checkout_sessions" ADD COLUMN     "activated_at" TIMESTAMPTZ(3),
ADD COLUMN     "browser_hash" CHAR(64);

-- AlterTable
ALTER TABLE "sandbox_sessions" ADD COLUMN     "completed_at" TIMESTAMPTZ(3),
ADD COLUMN     "email" VARCHAR(254),
ADD COLUMN     "success_url" TEXT NOT NULL DEFAULT '',
ALTER COLUMN "subscription_id" DROP NOT NULL;

-- CreateTable
CREATE TABLE "members" (
    "id" UUID NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMPTZ(3),

    CONSTRAINT "members_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "member_sessions" (
    "token_hash" CHAR(64) NOT NULL,
    "member_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "member_sessions_pkey" PRIMARY KEY ("token_hash")
);

-- CreateTable
CREATE TABLE "sign_in_tokens" (
    "token_hash" CHAR(64) NOT NULL,
    "email" VARCHAR(254) NOT NULL,
    "return_to" VARCHAR(300),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),

    CONSTRAINT "sign_in_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE UNIQUE INDEX "members_email_key" ON "members"("email");

-- CreateIndex
CREATE INDEX "member_sessions_member_id_idx" ON "member_sessions"("member_id");

-- CreateIndex
CREATE INDEX "sign_in_tokens_email_created_at_idx" ON "sign_in_tokens"("email", "created_at");

-- CreateIndex
CREATE INDEX "customers_member_id_idx" ON "customers"("member_id");

-- AddForeignKey
ALTER TABLE "customers" ADD CONSTRAINT "customers_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "member_sessions" ADD CONSTRAINT "member_sessions_member_id_fkey" FOREIGN KEY ("member_id") REFERENCES "members"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Sandbox sessions stored before the sandbox checkout page were completed when created.
UPDATE "sandbox_sessions" SET "completed_at" = "created_at" WHERE "subscription_id" IS NOT NULL;

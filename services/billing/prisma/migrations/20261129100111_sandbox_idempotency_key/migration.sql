-- AlterTable
ALTER TABLE "sandbox_sessions" ADD COLUMN     "idempotency_key" VARCHAR(255);

-- CreateIndex
CREATE UNIQUE INDEX "sandbox_sessions_idempotency_key_key" ON "sandbox_sessions"("idempotency_key");


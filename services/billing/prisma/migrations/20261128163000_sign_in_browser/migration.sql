-- AlterTable
ALTER TABLE "sign_in_tokens" ADD COLUMN     "browser_hash" CHAR(64);

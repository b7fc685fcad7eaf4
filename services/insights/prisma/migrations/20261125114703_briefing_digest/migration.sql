-- AlterTable
ALTER TABLE "daily_items" ADD COLUMN     "themes" TEXT[] DEFAULT ARRAY[]::TEXT[],
ADD COLUMN     "watch" TEXT[] DEFAULT ARRAY[]::TEXT[];


-- The instruments each article names (src/tagging). GET /api/articles?symbol= asks for the rows
-- whose tickers contain one symbol (tickers @> ARRAY[symbol]), which this index answers.
-- Rows stored before the tagger are tagged again when their source next serves them.
-- No semicolons or quotes in these comments: the migration runner splits the script at each one.

-- CreateIndex
CREATE INDEX "articles_tickers_idx" ON "articles" USING GIN ("tickers");

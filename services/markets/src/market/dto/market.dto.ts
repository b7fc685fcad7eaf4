import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  MAX_QUOTE_SYMBOLS,
  PRICE_HISTORY_RANGES,
  type Bar,
  type MarketSnapshot,
  type PriceHistory,
  type PriceHistoryRange,
  type Profile,
  type Quote,
  type QuoteList,
  type SymbolDetails,
  type SymbolMatch,
  type SymbolSearch,
} from '@probedge/proto';
import { IsOptional, IsString, Matches } from 'class-validator';

const SAMPLE = {
  description: 'True when the figures come from the sample provider: show them as "Sample data"',
  example: false,
};

export class QuotesQuery {
  @ApiProperty({
    description: `Ticker symbols separated by commas, at most ${MAX_QUOTE_SYMBOLS}`,
    example: 'AAPL,MSFT,SPY',
  })
  @IsString({ message: 'symbols is required, e.g. symbols=AAPL,MSFT' })
  symbols!: string;
}

export class HistoryQuery {
  @ApiPropertyOptional({ enum: PRICE_HISTORY_RANGES, description: 'How far back; 1y by default' })
  @IsOptional()
  @Matches(/^(1m|6m|1y|5y)$/, {
    message: `range must be one of ${PRICE_HISTORY_RANGES.join(', ')}`,
  })
  range?: PriceHistoryRange;
}

export class SearchQuery {
  @ApiProperty({
    description: 'A symbol or part of a company name, 1 to 50 characters',
    example: 'apple',
  })
  @IsString({ message: 'q is required, e.g. q=apple' })
  q!: string;
}

export class QuoteDto implements Quote {
  @ApiProperty({ description: 'The ticker symbol', example: 'AAPL' }) symbol!: string;
  @ApiProperty({ description: "The company's or fund's name", example: 'Apple Inc.' })
  name!: string;
  @ApiProperty({ description: 'Last price', example: 227.52 }) price!: number;
  @ApiProperty({ description: 'Change since the previous close', example: 2.31 }) change!: number;
  @ApiProperty({ description: 'Change since the previous close, per cent', example: 1.03 })
  percentChange!: number;
  @ApiProperty({ description: 'ISO 4217 currency of the prices', example: 'USD' })
  currency!: string;
  @ApiProperty({
    format: 'date-time',
    description: 'When the provider took the price',
    example: '2026-11-27T21:00:00.000Z',
  })
  asOf!: string;
  @ApiProperty({ description: "Minutes the provider's feed runs behind the market", example: 0 })
  delayMinutes!: number;
  @ApiProperty({
    description: 'The provider that answered; "sandbox" for sample figures',
    example: 'finnhub',
  })
  source!: string;
  @ApiProperty({ description: 'False for sample figures and end-of-day series', example: true })
  isLive!: boolean;
  @ApiProperty({
    description:
      'True when no provider answered and this is the last good value, kept for a bounded time',
    example: false,
  })
  stale!: boolean;
}

export class ProfileDto implements Profile {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Sector; null when the provider has none',
    example: 'Technology',
  })
  sector!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Industry; null when the provider has none',
    example: 'Consumer Electronics',
  })
  industry!: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'US dollars', example: 3.4e12 })
  marketCap!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Price to earnings', example: 28.4 })
  peRatio!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Price to book', example: 45.1 })
  pbRatio!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Main listing', example: 'NASDAQ' })
  exchange!: string | null;
  @ApiProperty({ description: 'The provider of these figures', example: 'finnhub' })
  source!: string;
}

export class BarDto implements Bar {
  @ApiProperty({ format: 'date', description: 'The trading day', example: '2026-11-27' })
  date!: string;
  @ApiProperty({ description: 'Opening price', example: 226.1 }) open!: number;
  @ApiProperty({ description: 'Highest price of the day', example: 228.4 }) high!: number;
  @ApiProperty({ description: 'Lowest price of the day', example: 225.3 }) low!: number;
  @ApiProperty({ description: 'Closing price', example: 227.52 }) close!: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Shares traded; null when unknown',
    example: 41_200_000,
  })
  volume!: number | null;
}

export class SymbolMatchDto implements SymbolMatch {
  @ApiProperty({ description: 'The ticker symbol', example: 'AAPL' }) symbol!: string;
  @ApiProperty({ description: "The company's or fund's name", example: 'Apple Inc.' })
  name!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where it is listed',
    example: 'NASDAQ',
  })
  exchange!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Kind of instrument',
    example: 'Common Stock',
  })
  type!: string | null;
}

export class MarketSnapshotDto implements MarketSnapshot {
  @ApiProperty({
    format: 'date-time',
    description: 'The newest quote time in the snapshot',
    example: '2026-11-27T21:00:00.000Z',
  })
  asOf!: string;
  @ApiProperty({ type: [String], description: 'The providers that answered', example: ['finnhub'] })
  sources!: string[];
  @ApiProperty(SAMPLE) sampleData!: boolean;
  @ApiProperty({ type: [QuoteDto], description: "The watch list's quotes" }) quotes!: QuoteDto[];
}

export class QuoteListDto implements QuoteList {
  @ApiProperty(SAMPLE) sampleData!: boolean;
  @ApiProperty({ type: [QuoteDto], description: 'Quotes of the known symbols, in the order asked' })
  quotes!: QuoteDto[];
  @ApiProperty({
    type: [String],
    description: 'Asked-for symbols no provider knows',
    example: ['ZZZZ'],
  })
  unknown!: string[];
}

export class SymbolDetailsDto implements SymbolDetails {
  @ApiProperty(SAMPLE) sampleData!: boolean;
  @ApiProperty({ type: QuoteDto, description: 'The latest quote' }) quote!: QuoteDto;
  @ApiProperty({
    type: ProfileDto,
    nullable: true,
    description: 'Company figures; null when no provider has them',
  })
  profile!: ProfileDto | null;
}

export class PriceHistoryDto implements PriceHistory {
  @ApiProperty({ description: 'The ticker symbol', example: 'AAPL' }) symbol!: string;
  @ApiProperty({ enum: PRICE_HISTORY_RANGES, description: 'How far back', example: '1y' })
  range!: PriceHistoryRange;
  @ApiProperty({ description: 'The provider of the bars', example: 'twelvedata' })
  source!: string;
  @ApiProperty(SAMPLE) sampleData!: boolean;
  @ApiProperty({
    description: 'True when no provider answered and these are the last good bars',
    example: false,
  })
  stale!: boolean;
  @ApiProperty({ type: [BarDto], description: 'Daily bars, oldest first' }) bars!: BarDto[];
}

export class SymbolSearchDto implements SymbolSearch {
  @ApiProperty({ description: 'The text searched for', example: 'apple' }) query!: string;
  @ApiProperty(SAMPLE) sampleData!: boolean;
  @ApiProperty({ type: [SymbolMatchDto], description: 'At most 20 matches, best first' })
  results!: SymbolMatchDto[];
}

import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Stock, StockFundamentals } from '@probedge/proto';

/** A source of live quotes. None is configured by default: the API never invents prices. */
export interface MarketDataProvider {
  readonly name: string;
  snapshot(): Promise<MarketSnapshot>;
}

export const MARKET_DATA_PROVIDER = Symbol('MARKET_DATA_PROVIDER');

export interface MarketSnapshot {
  asOf: string;
  provider: string;
  stocks: Stock[];
}

export class StockFundamentalsDto implements StockFundamentals {
  @ApiProperty({ description: "The company's sector", example: 'Technology' }) sector!: string;
  @ApiProperty({ description: "The company's industry", example: 'Consumer Electronics' })
  industry!: string;
  @ApiProperty({ description: 'Market capitalisation in US dollars', example: 3_400_000_000_000 })
  marketCap!: number;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Price to earnings; null when the provider has none',
    example: 28.4,
  })
  peRatio!: number | null;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'Price to book; null when the provider has none',
    example: 45.1,
  })
  pbRatio!: number | null;
}

export class StockDto implements Stock {
  @ApiProperty({ description: "The company's name", example: 'Apple Inc.' }) name!: string;
  @ApiProperty({ description: 'The ticker symbol', example: 'AAPL' }) symbol!: string;
  @ApiProperty({ description: 'Last price in US dollars', example: 227.52 }) price!: number;
  @ApiProperty({ description: 'Change since the previous close, US dollars', example: 2.31 })
  change!: number;
  @ApiProperty({ description: 'Change since the previous close, per cent', example: 1.03 })
  percentChange!: number;
  @ApiProperty({ type: StockFundamentalsDto, description: 'Company figures' })
  fundamentals!: StockFundamentalsDto;
}

export class MarketSnapshotDto implements MarketSnapshot {
  @ApiProperty({
    format: 'date-time',
    description: 'When the provider took the quotes',
    example: '2026-03-02T15:45:00.000Z',
  })
  asOf!: string;
  @ApiProperty({ description: 'Name of the market-data provider', example: 'Example Quotes' })
  provider!: string;
  @ApiProperty({ type: [StockDto], description: 'The quoted stocks' }) stocks!: StockDto[];
}

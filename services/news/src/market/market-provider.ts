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
  @ApiProperty() sector!: string;
  @ApiProperty() industry!: string;
  @ApiProperty({ description: 'US dollars' }) marketCap!: number;
  @ApiPropertyOptional({ type: Number, nullable: true }) peRatio!: number | null;
  @ApiPropertyOptional({ type: Number, nullable: true }) pbRatio!: number | null;
}

export class StockDto implements Stock {
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'AAPL' }) symbol!: string;
  @ApiProperty() price!: number;
  @ApiProperty() change!: number;
  @ApiProperty() percentChange!: number;
  @ApiProperty({ type: StockFundamentalsDto }) fundamentals!: StockFundamentalsDto;
}

export class MarketSnapshotDto implements MarketSnapshot {
  @ApiProperty({ format: 'date-time' }) asOf!: string;
  @ApiProperty({ description: 'Name of the market-data provider' }) provider!: string;
  @ApiProperty({ type: [StockDto] }) stocks!: StockDto[];
}

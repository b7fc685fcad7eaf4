import type { Feed } from '@probedge/proto';
import type { SourceDefinition } from '../sources/source-definition';

interface SampleStory {
  title: string;
  description: string;
}

// Written for the local stack: plausible, clearly marked as samples, never real market data.
const STORIES: Record<Feed, SampleStory[]> = {
  business: [
    {
      title: 'Sample: Regional retailer lifts full-year outlook after strong holiday bookings',
      description:
        'A fictional mid-size retailer says early holiday orders ran ahead of plan and raises its revenue guidance.',
    },
    {
      title: 'Sample: Freight volumes steady as shippers prepare for year-end',
      description:
        'A made-up logistics survey finds trucking demand flat month on month, with spot rates edging higher.',
    },
    {
      title: 'Sample: Software maker announces share buyback',
      description:
        'The fictional company plans to repurchase up to 5% of its shares over two years.',
    },
    {
      title: 'Sample: Airline group reports record load factors for November',
      description:
        'An invented carrier group says planes were fuller than in any November on record.',
    },
    {
      title: 'Sample: Chipmaker opens new packaging plant',
      description: 'The sample company expects the plant to ease supply constraints next year.',
    },
    {
      title: 'Sample: Consumer confidence survey edges up for a second month',
      description:
        'A fictional index of household sentiment rose two points, led by expectations for jobs.',
    },
    {
      title: 'Sample: Utility proposes rate plan tied to grid upgrades',
      description: 'The made-up utility asks regulators to approve spending on transmission lines.',
    },
    {
      title: 'Sample: Food producer completes acquisition of snack brand',
      description: 'An invented deal that the buyer says will add to earnings within a year.',
    },
    {
      title: 'Sample: Bank earnings preview: margins in focus at lenders such as $JPM',
      description: 'Analysts in this sample story expect net interest margins to stabilise.',
    },
    {
      title: 'Sample: Automaker trims production on slower EV demand',
      description: 'A fictional manufacturer adjusts its schedule to match dealer inventories.',
    },
    {
      title: 'Sample: Hotel chain sees business travel recovery broaden',
      description: 'Corporate bookings rose in all regions in this illustrative report.',
    },
    {
      title: 'Sample: Pharmaceutical firm wins approval for new therapy',
      description: 'The sample approval covers a once-weekly treatment, the company says.',
    },
  ],
  analysis: [
    {
      title: 'Sample analysis: What a flat yield curve says about sector leadership',
      description:
        'An illustrative look at how cyclicals and defensives have behaved when the curve flattens.',
    },
    {
      title: 'Sample analysis: Breadth divergence in large caps, with $AAPL and $MSFT as examples',
      description:
        'Fewer stocks are above their 50-day average even as the index holds near highs, in this example.',
    },
    {
      title: 'Sample analysis: Volatility term structure back in contango',
      description: 'Near-dated implied volatility sits below longer-dated in this sample reading.',
    },
    {
      title: 'Sample analysis: Earnings revisions turn positive for industrials',
      description:
        'Upward revisions outnumber downward ones for the first time in three months, in this example.',
    },
    {
      title: 'Sample analysis: Seasonality in December returns',
      description: 'A sample walk through historical base rates for the final month of the year.',
    },
    {
      title: 'Sample analysis: Dollar strength and multinational margins',
      description: 'How currency moves can trim reported earnings, with illustrative numbers.',
    },
    {
      title: 'Sample analysis: $IWM versus $SPY after rate pauses',
      description: 'Historical relative performance after central-bank pauses, as an example.',
    },
    {
      title: 'Sample analysis: Credit spreads remain tight',
      description: 'Investment-grade spreads near multi-year lows in this sample commentary.',
    },
    {
      title: 'Sample analysis: Reading put-call ratios without overreacting',
      description: 'Why a single day of heavy put buying says little on its own.',
    },
    {
      title: 'Sample analysis: Energy stocks and the oil futures curve',
      description: 'Backwardation and what it has meant for producers, illustratively.',
    },
  ],
  opinion: [
    {
      title: 'Sample opinion: Patience beats prediction in choppy markets',
      description: 'Why waiting for a clear setup can matter more than calling the next move.',
    },
    { title: 'Sample opinion: The case for boring portfolios', description: '' },
    {
      title: 'Sample opinion: Stop chasing last quarter’s winners',
      description: 'Momentum is real, the writer argues, but so is mean reversion.',
    },
    {
      title: 'Sample opinion: Risk limits are a feature, not a constraint',
      description: 'A sample column on position sizing as the core of a trading plan.',
    },
    { title: 'Sample opinion: Why headlines move prices less than you think', description: '' },
    {
      title: 'Sample opinion: Probabilities, not certainties',
      description: 'Every trade is a bet with a distribution of outcomes, this sample piece says.',
    },
    {
      title: 'Sample opinion: Journal your losses first',
      description: 'The writer argues losing trades teach more than winners.',
    },
    {
      title: 'Sample opinion: Index investing and the active trader',
      description: 'Both can live in one plan, this illustrative column suggests.',
    },
    {
      title: 'Sample opinion: Beware of backtests that look too good',
      description: 'Overfitting explained with a made-up example.',
    },
    {
      title: 'Sample opinion: Markets climb a wall of worry',
      description: 'A sample reflection on sentiment and trend.',
    },
  ],
  daytrader: [
    {
      title: 'Sample: $QQQ opening gaps: how often they fill by noon',
      description: 'An illustrative base-rate study for day traders; no real figures.',
    },
    {
      title: 'Sample: Opening range breakout watch list',
      description: 'Five fictional tickers with tight overnight ranges.',
    },
    {
      title: 'Sample: $NVDA first-hour range as a day-trading reference',
      description: 'An example of planning entries around the opening range.',
    },
    {
      title: 'Sample: Index futures flat ahead of jobs data',
      description: 'Sample premarket summary.',
    },
    {
      title: 'Sample: Reading options volume in (NASDAQ: AAPL) without overreacting',
      description: 'What unusual call volume can and cannot tell, in this example.',
    },
    {
      title: 'Sample: VWAP reclaim setups to watch this afternoon',
      description: 'An illustrative intraday checklist.',
    },
    {
      title: 'Sample: Halted stock resumes trading after news',
      description: 'A fictional circuit-breaker pause and what followed.',
    },
    {
      title: 'Sample: Sector rotation midday: tech lags, energy leads',
      description: 'Illustrative midday market internals.',
    },
    {
      title: 'Sample: $SPY and the 200-day average: a base-rate look',
      description: 'Support levels in a sample chart read.',
    },
    {
      title: 'Sample: Closing auction imbalance skews to buy side',
      description: 'An example of end-of-day order flow.',
    },
    {
      title: 'Sample: Gap-fill statistics for small caps',
      description: 'Illustrative base rates for morning gaps.',
    },
    {
      title: 'Sample: Power hour momentum in semiconductors',
      description: 'A fictional late-session move.',
    },
  ],
  stocks: [
    {
      title: 'Sample: How $AAPL has tended to trade in the week after earnings',
      description: 'An illustrative look at post-earnings drift; no real results.',
    },
    {
      title: 'Sample: Reading the P/E of (NASDAQ: MSFT) against its sector',
      description: 'An example of comparing valuation ratios.',
    },
    {
      title: 'Sample: Dividend dates explained, with $JNJ as the example',
      description: 'Record, ex-dividend and payment dates in a sample calendar.',
    },
    {
      title: 'Sample: What index inclusion does to a stock, in a $SPY example',
      description: 'Index inclusion and the buying around it, in this example.',
    },
    {
      title: 'Sample: $NVDA implied volatility before its report, explained',
      description: 'What the options market prices in, with made-up figures.',
    },
    {
      title: 'Sample: Why the beta of $INTC matters for position sizing',
      description: 'A sizing example with illustrative numbers.',
    },
    {
      title: 'Sample: Bank stocks such as $JPM and rate expectations',
      description: 'An illustrative look at interest margins.',
    },
    {
      title: 'Sample: Energy names like $CVX and the oil futures curve',
      description: 'A sample read of contango and backwardation.',
    },
  ],
  general: [
    {
      title: 'Sample: Central bank holds rates steady',
      description: 'Policy makers in this example signal patience.',
    },
    {
      title: 'Sample: Inflation report comes in line with forecasts',
      description: 'Illustrative figures for the month.',
    },
    {
      title: 'Sample: Oil prices edge higher on supply outlook',
      description: 'A fictional producer meeting sets the tone.',
    },
    {
      title: 'Sample: Treasury auction draws solid demand',
      description: 'Bid-to-cover in line with recent averages, in this example.',
    },
    {
      title: 'Sample: Housing starts dip for the month',
      description: 'Permits held steady in these sample figures.',
    },
    {
      title: 'Sample: Manufacturing survey returns to expansion',
      description: 'New orders lead the gain in this illustrative survey.',
    },
    { title: 'Sample: Gold steady as dollar pauses', description: 'A sample commodity wrap.' },
    {
      title: 'Sample: Retail sales beat estimates',
      description: 'Online sales drive the increase in this example.',
    },
  ],
};

const HOUR = 3_600_000;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Items are dated back from the start of the current hour, so a document is stable within the hour. */
export function sampleFeedDocument(feed: Feed, now: Date): string {
  const anchor = Math.floor(now.getTime() / HOUR) * HOUR;
  const items = STORIES[feed]
    .map((story, index) => {
      const slug = `${feed}-${index + 1}`;
      const published = new Date(anchor - (index * 5 + 1) * HOUR * 0.5);
      return [
        '<item>',
        `<guid isPermaLink="false">probedge-sample-${slug}</guid>`,
        `<title>${escapeXml(story.title)}</title>`,
        `<link>https://example.com/probedge-sample/${slug}</link>`,
        story.description ? `<description>${escapeXml(story.description)}</description>` : '',
        `<pubDate>${published.toUTCString()}</pubDate>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
<title>ProbEdge sample ${feed} feed</title>
<link>https://example.com/probedge-sample/</link>
<description>Sample items for the local ProbEdge stack. Not real news.</description>
${items}
</channel></rss>`;
}

export function sampleItemCount(): number {
  return Object.values(STORIES).reduce((sum, stories) => sum + stories.length, 0);
}

/** One source per feed, served by the sample feed server at `origin`. */
export function sampleSources(origin: string): SourceDefinition[] {
  return (Object.keys(STORIES) as Feed[]).map((feed) => ({
    id: `sample-${feed}`,
    name: `ProbEdge sample ${feed} feed`,
    url: `${origin}/feeds/${feed}.xml`,
    feed,
    ...(feed === 'stocks' ? { category: 'stocks' } : {}),
    minIntervalSeconds: 300,
  }));
}

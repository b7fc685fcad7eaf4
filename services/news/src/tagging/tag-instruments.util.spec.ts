import { STOP_SYMBOLS } from './stop-symbols.constants';
import { LISTED_SYMBOLS, tagInstruments } from './tag-instruments.util';

describe('tagInstruments', () => {
  describe('symbols written as symbols', () => {
    it.each([
      ['$AAPL jumps after earnings', ['AAPL']],
      ['Apple (NASDAQ: AAPL) beats', ['AAPL']],
      ['IBM (NYSE:IBM) and $MSFT', ['IBM', 'MSFT']],
      ['$TSLA vs (nasdaq: tsla) again', ['TSLA']],
      ['Berkshire $BRK.B holds', ['BRK.B']],
      ['Small-cap $ACME soars on buyout rumor', ['ACME']],
      ['$ALL and $NOW rally', ['ALL', 'NOW']],
    ])('counts any valid-looking cashtag or exchange notation: %s', (title, expected) => {
      expect(tagInstruments(title)).toEqual(expected);
    });

    it.each([
      'Costs rose $5 billion, $1.2B in fees',
      'US$AAPL is not a cashtag, lowercase $aapl neither',
      'No tickers here',
    ])('finds nothing in %j', (title) => {
      expect(tagInstruments(title)).toEqual([]);
    });
  });

  describe('names from the instrument list', () => {
    it.each([
      ['Microsoft beats estimates', ['MSFT']],
      ['Nvidia and NVIDIA are one company', ['NVDA']],
      ['Goldman Sachs and JPMorgan lead bank stocks', ['GS', 'JPM']],
      ['Exxon Mobil, Chevron profits fall', ['XOM', 'CVX']],
      ['J.P. Morgan Asset Management launches ETF', ['JPM']],
      ['Johnson & Johnson settles talc claims', ['JNJ']],
      ['McDonald’s raises prices', ['MCD']],
    ])('reads %j as %j', (title, expected) => {
      expect(tagInstruments(title)).toEqual(expected);
    });

    it('reads possessives and compounds', () => {
      expect(tagInstruments("Apple's iPhone sales slip")).toEqual(['AAPL']);
      expect(tagInstruments('Microsoft-backed OpenAI raises funds')).toEqual(['MSFT']);
    });

    it('is case-sensitive and reads whole words only', () => {
      expect(tagInstruments('An apple a day keeps the doctor away')).toEqual([]);
      expect(tagInstruments('Pineapple exports rise in the Metaverse')).toEqual([]);
      expect(tagInstruments('Firm raises $3M in seed round')).toEqual([]);
    });

    it('prefers the longest name', () => {
      expect(tagInstruments('GE Vernova shares hit record')).toEqual(['GEV']);
      expect(tagInstruments('JPMorgan Equity Premium Income ETF draws inflows')).toEqual(['JEPI']);
      expect(tagInstruments('Invesco QQQ Trust sees record volume')).toEqual(['QQQ']);
    });

    it('names one company once, by its usual class', () => {
      expect(tagInstruments("Alphabet's Google settles lawsuit")).toEqual(['GOOGL']);
      expect(tagInstruments('Meta Platforms cuts jobs')).toEqual(['META']);
      expect(tagInstruments('Berkshire Hathaway cash hits record')).toEqual(['BRK.B']);
    });

    it('reads a class named after the company, and lets a written class replace the name', () => {
      expect(tagInstruments("Berkshire's Class A shares top $750,000")).toEqual(['BRK.A']);
      expect(tagInstruments('Alphabet Class C shares hit record')).toEqual(['GOOG']);
      expect(tagInstruments('Alphabet Inc. (NASDAQ: GOOG) shares rise')).toEqual(['GOOG']);
      expect(tagInstruments('Berkshire Hathaway (BRKb.N) reports profit')).toEqual(['BRK.B']);
    });

    it.each([
      'Apple growers brace for tariffs',
      'Big Apple office vacancies fall',
      'Amazon rainforest deforestation slows',
      'Supreme Court overturns Chevron doctrine',
      'Oracle of Omaha speaks to shareholders',
      'Texas Gov. Greg Abbott signs bill',
      'Klaus Schwab steps down',
      'Ford Foundation commits $1 billion',
      'Meta-analysis finds drug cuts heart risk',
      'Intel officials warn of threats',
      'Startup hits 3M users in a month',
      '10 Best Buy-and-Hold Stocks to Own Now',
    ])('does not tag a name in its ordinary sense: %s', (title) => {
      expect(tagInstruments(title)).toEqual([]);
    });
  });

  describe('names that are also ordinary words', () => {
    it.each([
      ["Target's sales fall for a third quarter", ['TGT']],
      ['Target cuts annual sales forecast', ['TGT']],
      ['Retailer Target to cut jobs', ['TGT']],
      ['Visa and Mastercard settle with merchants', ['V', 'MA']],
      ['PayPal, Block shares slide', ['PYPL', 'XYZ']],
      ['Block to cut workforce by 8%', ['XYZ']],
      ['Target (NYSE: TGT) names new CEO', ['TGT']],
      ['Qualcomm sues Arm over licensing', ['QCOM', 'ARM']],
      ['Shell profit beats forecasts', ['SHEL']],
    ])('counts one with a company cue: %s', (title, expected) => {
      expect(tagInstruments(title)).toEqual(expected);
    });

    it.each([
      'Fed Sticks to 2% Inflation Target as Prices Cool',
      'Strategists Raise Year-End Price Target',
      'Traders Target Small Caps as Rates Fall',
      'Trade Gap Narrows as Imports Fall',
      'US to Block Nippon Steel Deal',
      'Block trade of bank shares weighs on stock',
      'New H-1B Visa Fee Rattles Tech Workers',
      'Visa-free travel to China boosts tourism stocks',
      'Snap Election Rattles Japanese Bond Market',
      'Shell companies used to evade sanctions',
      'Shell-Shocked Investors Flee Regional Banks',
      'Delta variant fears hit travel stocks',
      "Bank's investment arm sells stake",
      'Match Day: Medical Residents Learn Placements',
    ])('does not count one without: %s', (title) => {
      expect(tagInstruments(title)).toEqual([]);
    });
  });

  describe('bare symbols', () => {
    it.each([
      ['TSLA falls 4% after delivery miss', ['TSLA']],
      ['QQQ slips 1.2% as tech sells off', ['QQQ']],
      ['MSFT stock rises after Azure growth beats', ['MSFT']],
      ['Shares of PLTR jump after Army contract', ['PLTR']],
      ['Traders buy calls on XLF ahead of bank earnings', ['XLF']],
      ['Nvidia Corp (NVDA) shares climb', ['NVDA']],
      ['SPY, QQQ, IWM all close at record highs', ['SPY', 'QQQ', 'IWM']],
      ['AAPL: Apple unveils thinner iPhone', ['AAPL']],
      ['$NVDA and AVGO lead chips', ['NVDA', 'AVGO']],
      ['BRK.B hits all-time high', ['BRK.B']],
    ])('count in a ticker context: %s', (title, expected) => {
      expect(tagInstruments(title)).toEqual(expected);
    });

    it('do not count without one', () => {
      expect(tagInstruments('Why PANW matters to the security industry')).toEqual([]);
    });

    it('do not count in parentheses after the words they abbreviate', () => {
      expect(tagInstruments('Network Operations Center (NOC) outage grounds flights')).toEqual([]);
      expect(tagInstruments('Defense contractor (NOC) wins Air Force award')).toEqual(['NOC']);
    });

    it('count only for list symbols of three letters or more', () => {
      expect(tagInstruments('ACME falls 5% on guidance')).toEqual([]);
      expect(tagInstruments('MS falls 5%, GS up 2%')).toEqual([]);
    });

    it.each([
      'CEO pay climbs to record',
      'AI boom drives record spending',
      'Made in USA: manufacturers weigh reshoring',
      'IT spending falls 5% as budgets tighten',
      'ALL rises 3% as claims ease',
      'NOW up 4% on strong bookings',
      'ARE markets too complacent?',
      'BIG banks fall 2%',
      'CAN the Fed cut?',
      'OUT with the old',
      'FOR sale: offices',
      'GDP up 3%, CPI up 0.3%',
      'FED holds, IPO market slides 2%',
      'ETF flows and EPS estimates rise 5%',
      'Defense Intelligence Agency (DIA) chief ousted',
      'VIX jumps 20% as stocks slide',
      'UPS AND DOWNS: A WILD WEEK FOR MARKETS',
    ])('never count a stop word, an acronym or a shouted word: %s', (title) => {
      expect(tagInstruments(title)).toEqual([]);
    });

    it('keeps the words of the brief on the stoplist', () => {
      const words = 'CEO AI USA IT ALL A ON FOR NOW ARE BIG CAN OUT GDP CPI FED IPO ETF EPS';
      for (const word of words.split(' ')) expect(STOP_SYMBOLS.has(word)).toBe(true);
    });

    it('lists symbols that are stop words, so they count only when written as symbols', () => {
      for (const symbol of ['ALL', 'NOW', 'KEY', 'COST', 'SNOW', 'SHOP', 'ON']) {
        expect(LISTED_SYMBOLS.has(symbol)).toBe(true);
        expect(STOP_SYMBOLS.has(symbol)).toBe(true);
      }
    });
  });

  it('orders symbols by first mention, title then description, each once', () => {
    expect(
      tagInstruments(
        'Nvidia supplier TSMC posts record profit',
        'Apple and Nvidia rose; $AAPL options were active and Taiwan Semiconductor gained.',
      ),
    ).toEqual(['NVDA', 'TSM', 'AAPL']);
  });

  it('reads a description on its own cues', () => {
    expect(
      tagInstruments('Retail earnings preview', 'Target and Walmart report next week.'),
    ).toEqual(['TGT', 'WMT']);
    expect(tagInstruments('Retail earnings preview', 'The trade gap target is unchanged.')).toEqual(
      [],
    );
  });
});

import { encodeLegacy } from '../../test/legacy-encoding';
import { charsetScore, detectLegacyCharset } from './charset-detect.util';
import { charsetOf, decodeBody } from './feed-fetcher';

/** A feed declaring no charset anywhere, its titles in `charset`. */
function feed(charset: string, titles: string[]): Buffer {
  return Buffer.concat([
    Buffer.from('<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>'),
    ...titles.map((title, i) =>
      Buffer.concat([
        Buffer.from(`<item><guid>${i}</guid><title>`),
        encodeLegacy(title, charset),
        Buffer.from(`</title><link>https://e.com/${i}</link></item>`),
      ]),
    ),
    Buffer.from('</channel></rss>'),
  ]);
}

const HEADLINES: [string, string[]][] = [
  [
    'euc-jp',
    ['日経平均株価が大幅に上昇、三万円台を回復した', '日本銀行は金融政策の現状維持を決めました'],
  ],
  [
    'shift_jis',
    [
      '東京証券取引所で半導体関連の銘柄に買いが集まっている',
      '円相場は一時一ドル百五十円まで下落しました',
    ],
  ],
  [
    'euc-kr',
    [
      '코스피가 외국인 매수에 힘입어 상승 마감했다',
      '삼성전자의 반도체 실적이 시장 예상을 웃돌았다',
    ],
  ],
  ['gbk', ['上证指数今日收盘上涨，成交量明显放大', '科技股领涨，市场情绪有所回暖']],
  ['big5', ['台灣加權指數今日收盤上漲，成交量明顯放大', '中央銀行宣布維持利率不變']],
  ['koi8-r', ['Новости дня: рынок акций вырос', 'Нефть подорожала на ожиданиях сокращения добычи']],
  [
    'windows-1251',
    ['Новости дня: рынок акций вырос', 'Нефть подорожала на ожиданиях сокращения добычи'],
  ],
  [
    'windows-1252',
    [
      'Les marchés européens ont clôturé en hausse après l’annonce',
      'Börse: „Aufschwung“ … Größenänderung',
      'Las acciones de Telefónica subieron; ações não',
      'Café ü',
      'Caf€ ’',
    ],
  ],
];

describe('decodeBody without a declared charset', () => {
  it.each(HEADLINES)('reads undeclared %s text as written', (charset, titles) => {
    const text = decodeBody(feed(charset, titles), 'application/rss+xml');
    for (const title of titles) expect(text).toContain(title);
    expect(detectLegacyCharset(feed(charset, titles))).toBe(charset);
  });

  it('scores the right charset above every other for each language', () => {
    for (const [charset, titles] of HEADLINES) {
      const body = feed(charset, titles);
      const others = HEADLINES.map(([other]) => other).filter((other) => other !== charset);
      for (const other of others)
        expect(charsetScore(body, charset)).toBeGreaterThan(charsetScore(body, other));
    }
  });

  it('keeps Windows-1252 for bytes no language reads well', () => {
    expect(detectLegacyCharset(Buffer.from([0x3c, 0x72, 0x3e, 0xff, 0xfe, 0x81, 0x3c]))).toBe(
      'windows-1252',
    );
  });
});

describe('charsetOf', () => {
  const body = Buffer.from('<rss/>');

  it.each([
    ["text/xml; charset='windows-1251'", 'windows-1251'],
    ['text/xml; charset="koi8-r"', 'koi8-r'],
    ['text/xml;charset=Shift_JIS', 'Shift_JIS'],
  ])('reads the charset of %s', (contentType, charset) => {
    expect(charsetOf(contentType, body)).toBe(charset);
  });

  it('reads the declaration, single-quoted and after blank lines', () => {
    expect(
      charsetOf(null, Buffer.from("<?xml version='1.0' encoding='windows-1251'?><rss/>")),
    ).toBe('windows-1251');
    expect(charsetOf(null, Buffer.from('\r\n<?xml version="1.0" encoding="EUC-JP"?><rss/>'))).toBe(
      'EUC-JP',
    );
  });

  it('tells UTF-16 without a byte-order mark by the zero bytes around <?xml', () => {
    const declared = '<?xml version="1.0" encoding="UTF-16"?><rss/>';
    const little = Buffer.from(declared, 'utf16le');
    const big = Buffer.from(declared, 'utf16le').swap16();
    expect(charsetOf(null, little)).toBe('utf-16le');
    expect(charsetOf('application/xml; charset=utf-16', big)).toBe('utf-16be');
    expect(decodeBody(big, null)).toBe(declared);
  });

  it('ignores a UTF-16 declaration that is itself read as ASCII', () => {
    expect(
      charsetOf(null, Buffer.from('<?xml version="1.0" encoding="UTF-16"?><rss>é</rss>')),
    ).toBe('utf-8');
  });
});

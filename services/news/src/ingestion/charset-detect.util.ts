/**
 * Which legacy charset a feed that declares none is written in, once its bytes have proved not to
 * be UTF-8. Each candidate decodes the bytes and is scored by how much of the non-ASCII text reads
 * as its language: the characters that language writes most, in the places it writes them. A
 * wrong charset turns text into characters a writer rarely uses, or into runs where the language
 * has single letters, and a multi-byte charset that does not fit leaves replacement characters.
 */

/** Kana, the long-vowel mark, Japanese punctuation and the most common kanji of news text. */
const JAPANESE = new Set(
  Array.from(
    'ぁあぃいぅうぇえぉおかがきぎくぐけげこごさざしじすずせぜそぞただちぢっつづてでとどなにぬねのはばぱひびぴふぶぷへべぺほぼぽまみむめもゃやゅゆょよらりるれろゎわゐゑをん' +
      'ァアィイゥウェエォオカガキギクグケゲコゴサザシジスズセゼソゾタダチヂッツヅテデトドナニヌネノハバパヒビピフブプヘベペホボポマミムメモャヤュユョヨラリルレロヮワヰヱヲンヴヵヶー・、。「」' +
      '日本年月人大中国会事時新社業者市場株円出上下前後分同自見言行生発地的一二三十百千万東京政府経済米長間手高意明公気関氏表代部方問題合内外入化金融銀価格相決定上昇下落全体今回当首相党選挙世界企業利益売買投資指数平均取引所証券半導体関連向',
  ),
);

/** Hangul syllables that make up most of Korean news text. */
const KOREAN = new Set(
  Array.from(
    '이다의는에하고을가기지한로서사를리은자도있어대나시정수아인일해구게부적전장상들주보국제그스화라만동성원면과연소내것문우여경개관위공마신없치조중세생방었되거물선요학비계용미분후회무실모발러르했야니까당안산금저간식입결속오며데명행영현통교민출강심유날작말외본체람차불단합새히바진음터년월업률승락준였습으점할더번같또때호설른알운번님역형급황임럽반증권격투매채코피닥종목익삼품액억조량망폭감율환확표령택격린혁복초석추천예측약평균달러엔위안',
  ),
);

/** The most common characters of simplified Chinese, with its punctuation. */
const SIMPLIFIED_CHINESE = new Set(
  Array.from(
    '的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实日军者意无力它与长把机十民第公此已工使情明性知全三又关点正业外将两高间由问很最重并物手应战向头文体政美相见被利什二等产或新己制身果加西斯月话合回特代内信表化老给世位次度门任常先海通教儿原东声提立及比员解水名真论处走义各入几口认条平系气题活尔更别打女变四神总何电数安少报才结反受目太量再感建务做接必场件计管期市直德资命山金指克许统区保至队形社便空决治展马科司五基眼书非则听白却界达光放强即像难且权思王象完设式色路记南品住告类求据程北边死张该交规万取拉格望觉术领共确传师观清今切院让识候带导争运笑飞风步改收根干造言联持组每济车亲极林服快办议往元英士证近失转夫令准布始怎呢存未远叫台单影具罗字爱击流备兵连调深商算质团集百需价花党华城石级整府离况亚请技际约示复病息究线似官火断精满支视消越器容照须九增研写称企八功吗包片史委乎查轻易早曾除农找装广显吧阿李标谈吃图念六引历首医局突专费号尽另周较注语仅考落青随选列武红响虽推势参希古众构房半节土投某案股涨跌银行央融率降升盘收幅场货币债券' +
      '，。、：；？！“”《》（）',
  ),
);

/** The most common characters of traditional Chinese, with its punctuation. */
const TRADITIONAL_CHINESE = new Set(
  Array.from(
    '的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實日軍者意無力它與長把機十民第公此已工使情明性知全三又關點正業外將兩高間由問很最重並物手應戰向頭文體政美相見被利什二等產或新己制身果加西斯月話合回特代內信表化老給世位次度門任常先海通教兒原東聲提立及比員解水名真論處走義各入幾口認條平系氣題活爾更別打女變四神總何電數安少報才結反受目太量再感建務做接必場件計管期市直德資命山金指克許統區保至隊形社便空決治展馬科司五基眼書非則聽白卻界達光放強即像難且權思王象完設式色路記南品住告類求據程北邊死張該交規萬取拉格望覺術領共確傳師觀清今切院讓識候帶導爭運笑飛風步改收根乾造言聯持組每濟車親極林服快辦議往元英士證近失轉夫令準布始怎呢存未遠叫台單影具羅字愛擊流備兵連調深商算質團集百需價花黨華城石級整府離況亞請技際約示復病息究線似官火斷精滿支視消越器容照須九增研寫稱企八功嗎包片史委乎查輕易早曾除農找裝廣顯吧阿李標談吃圖念六引歷首醫局突專費號盡另周較注語僅考落青隨選列武紅響雖推勢參希古眾構房半節土投某案股漲跌銀行央融率降升盤收幅灣貨幣債券' +
      '，。、：；？！「」『』（）',
  ),
);

function isAsciiLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

function isLatinLetter(code: number): boolean {
  return (
    (code >= 0xc0 && code <= 0xff && code !== 0xd7 && code !== 0xf7) ||
    code === 0x152 ||
    code === 0x153 ||
    code === 0x160 ||
    code === 0x161 ||
    code === 0x17d ||
    code === 0x17e ||
    code === 0x178
  );
}

const LATIN_PUNCTUATION = new Set(Array.from('€‚„…†‡‰‹›‘’“”•–—™«»°©®§£¥¢·½¼¾¡¿'));

/** The lower-case letters that make up most of Russian words. */
const COMMON_RUSSIAN = new Set(Array.from('оеаинтсрвлкмдпуяыьгзбчйх'));
const isCyrillic = (code: number) => code >= 0x0400 && code <= 0x04ff;
/** Longer runs of Cyrillic letters are not words but bytes of another script read as Cyrillic. */
const MAX_WORD_LENGTH = 20;

/**
 * How many of a text's non-ASCII characters read as one language: `plausible` counts them, each
 * undecodable sequence (a replacement character) counting against.
 */
interface Reading {
  nonAscii: number;
  plausible: number;
}
type Reader = (text: string) => Reading;

function reading(text: string, plausible: (index: number, code: number) => boolean): Reading {
  let nonAscii = 0;
  let count = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x80) continue;
    nonAscii += 1;
    if (code === 0xfffd) count -= 1;
    else if (plausible(index, code)) count += 1;
  }
  return { nonAscii, plausible: count };
}

/** Characters the language writes most; where they sit does not matter. */
const commonCharacters =
  (set: Set<string>): Reader =>
  (text) =>
    reading(text, (index) => set.has(text[index]!));

/**
 * Accented letters sit inside words of ASCII letters ("Café", "Größe") or stand alone ("à"),
 * typographic punctuation sits next to ASCII ("l’an", "– 5 €"); another script read as Latin makes
 * runs of them instead.
 */
const latin: Reader = (text) =>
  reading(text, (index, code) => {
    const before = text.charCodeAt(index - 1);
    const after = text.charCodeAt(index + 1);
    if (isLatinLetter(code)) {
      return isAsciiLetter(before) || isAsciiLetter(after) || (before < 0x80 && after < 0x80);
    }
    return LATIN_PUNCTUATION.has(text[index]!) && (before < 0x80 || after < 0x80);
  });

/** The Russian words of one letter. */
const ONE_LETTER_WORDS = new Set(Array.from('вискоуяа'));

/**
 * Russian words are runs of Cyrillic letters of a word's length, apart from ASCII letters, mostly
 * lower case and mostly of its common letters; a capital only starts a word. Latin text read as
 * Cyrillic leaves single letters inside ASCII words ("Cafй"); another script read as Cyrillic
 * leaves runs far longer than words.
 */
const russian: Reader = (text) => {
  let nonAscii = 0;
  let plausible = 0;
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      index += 1;
      continue;
    }
    if (!isCyrillic(code)) {
      nonAscii += 1;
      if (code === 0xfffd) plausible -= 1;
      index += 1;
      continue;
    }
    let end = index;
    while (end < text.length && isCyrillic(text.charCodeAt(end))) end += 1;
    const length = end - index;
    nonAscii += length;
    const apart =
      !isAsciiLetter(text.charCodeAt(index - 1)) && !isAsciiLetter(text.charCodeAt(end));
    if (apart && length === 1) {
      if (ONE_LETTER_WORDS.has(text[index]!)) plausible += 1;
    } else if (apart && length <= MAX_WORD_LENGTH) {
      for (let letter = index; letter < end; letter += 1) {
        if (COMMON_RUSSIAN.has(text[letter]!)) plausible += 1;
        else if (letter === index && COMMON_RUSSIAN.has(text[letter + 1]!)) plausible += 1;
      }
    }
    index = end;
  }
  return { nonAscii, plausible };
};

interface Candidate {
  charset: string;
  read: Reader;
}

/** What a feed with no declaration almost always is when it is not UTF-8; it wins every tie. */
export const FALLBACK_CHARSET = 'windows-1252';

const CANDIDATES: Candidate[] = [
  { charset: FALLBACK_CHARSET, read: latin },
  { charset: 'windows-1251', read: russian },
  { charset: 'koi8-r', read: russian },
  { charset: 'shift_jis', read: commonCharacters(JAPANESE) },
  { charset: 'euc-jp', read: commonCharacters(JAPANESE) },
  { charset: 'euc-kr', read: commonCharacters(KOREAN) },
  { charset: 'gbk', read: commonCharacters(SIMPLIFIED_CHINESE) },
  { charset: 'big5', read: commonCharacters(TRADITIONAL_CHINESE) },
];

/** Enough of a document to tell its language; the rest is more of the same. */
const SAMPLE_BYTES = 256 * 1024;
/** Below this share of plausible characters, a candidate's language is not what the text is. */
const MIN_SCORE = 0.3;
/** Fewer plausible characters than this tell no language: a stray byte or two is not a text. */
const MIN_EVIDENCE = 6;

/** Windows-1252's characters at 0x80–0x9F, where ISO-8859-1 has C1 controls nobody writes. */
const WINDOWS_1252_HIGH =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';
const SINGLE_BYTE_LATIN = new Set([
  'windows-1252',
  'cp1252',
  'x-cp1252',
  'iso-8859-1',
  'iso8859-1',
  'latin1',
  'l1',
  'us-ascii',
  'ascii',
]);

/**
 * `body` as text in `charset`, as browsers decode it (WHATWG Encoding): every Latin-1 label means
 * Windows-1252, decoded by hand because some Node versions decode that label as plain Latin-1,
 * losing € ’ “ ” —. A label no decoder knows reads as UTF-8, with replacement characters where it
 * does not fit.
 */
export function decodeAs(body: Buffer, charset: string): string {
  if (SINGLE_BYTE_LATIN.has(charset.toLowerCase())) {
    return body
      .toString('latin1')
      .replace(/[\u0080-\u009f]/g, (char) => WINDOWS_1252_HIGH[char.charCodeAt(0) - 0x80]!);
  }
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}

/** The share of non-ASCII characters that read as the candidate's language, and their number. */
function evidence(sample: Buffer, candidate: Candidate): { score: number; plausible: number } {
  const { nonAscii, plausible } = candidate.read(decodeAs(sample, candidate.charset));
  return { score: nonAscii === 0 ? 0 : plausible / nonAscii, plausible };
}

/**
 * How much of the body's non-ASCII text reads as the language of `charset`, from -1 (nothing
 * decodes) to 1; 0 for a charset this detector does not weigh.
 */
export function charsetScore(body: Buffer, charset: string): number {
  const candidate = CANDIDATES.find((each) => each.charset === charset);
  return candidate ? evidence(body.subarray(0, SAMPLE_BYTES), candidate).score : 0;
}

/**
 * The likeliest legacy charset of bytes that are not UTF-8 and declare no charset: the candidate
 * whose language reads best, when it reads well enough and better than Windows-1252.
 */
export function detectLegacyCharset(body: Buffer): string {
  const sample = body.subarray(0, SAMPLE_BYTES);
  let best = FALLBACK_CHARSET;
  let bestScore = 0;
  for (const candidate of CANDIDATES) {
    const { score: value, plausible } = evidence(sample, candidate);
    if (candidate.charset === FALLBACK_CHARSET) bestScore = Math.max(bestScore, value);
    else if (value >= MIN_SCORE && plausible >= MIN_EVIDENCE && value > bestScore) {
      best = candidate.charset;
      bestScore = value;
    }
  }
  return best;
}

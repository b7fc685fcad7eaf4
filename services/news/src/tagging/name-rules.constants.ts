/**
 * Where a company's name is something else: the fruit, the rainforest, a travel visa, an inflation
 * target. A rule names the text that, just before or just after the name, means the ordinary sense;
 * an ambiguous name (instruments.constants.ts) also needs a cue that it means the company (see
 * tag-instruments.util.ts), and `cues` adds words that confirm this one.
 */
export interface NameRule {
  /** Text just before the name (up to 40 characters, the pattern ends with `$`). */
  precededBy?: RegExp;
  /** Text just after the name (up to 40 characters, the pattern starts with `^`). */
  followedBy?: RegExp;
  /** Lower-case words near an ambiguous name that mean the company, besides the common ones. */
  cues?: readonly string[];
}

/** "to block", "could target": the name used as a verb. */
const VERB_BEFORE = String.raw`to|will|would|could|can|may|might|must|should|and|or|not|seeks?|aims?|plans?|moves?|vows?|tries|try|bid|votes?|voted`;
const ARTICLE_BEFORE = String.raw`a|an|the|its|their|his|her|our|this|that|new|key|main`;

const before = (words: string) => new RegExp(String.raw`(?:^|[^\p{L}\p{N}])(?:${words})\s+$`, 'iu');
// A hyphen joins the ordinary sense too: "Shell-Shocked", "Gap-Toothed".
const after = (words: string) => new RegExp(String.raw`^[\s-]*(?:${words})(?![\p{L}\p{N}])`, 'iu');

export const NAME_RULES: Readonly<Record<string, NameRule>> = {
  Apple: {
    precededBy: before('big|candy|crab|toffee|rotten|cider'),
    followedBy: after(
      String.raw`growers?|orchards?|farmers?|farms?|harvests?|crops?|pies?|cider|juice|trees?|varieties|picking|Daily|Hospitality|Bank for Savings`,
    ),
  },
  Amazon: {
    precededBy: before(String.raw`the|brazil's|brazilian|peruvian|colombian|ecuadorian`),
    followedBy: after(
      String.raw`rainforests?|forests?|basin|river|region|jungle|deforestation|fires?|tribes?|indigenous|drought|biome`,
    ),
  },
  Chevron: {
    precededBy: before(
      String.raw`overturns?|overturned|overturning|overrul\w*|scraps?|scrapped|ends?|ended|ending`,
    ),
    followedBy: after('deference|doctrine|precedent|ruling|decision'),
  },
  Oracle: { followedBy: /^\s+(?:of\b|bones?\b)/i },
  Ford: {
    precededBy: before('gerald|harrison|henry|bill|tom|doug|rob|betty|president'),
    followedBy: after('foundation|theatre|theater|field|hospital|school'),
  },
  Dell: { precededBy: before('michael|susan') },
  Merck: { followedBy: after('KGaA') },
  Meta: { followedBy: /^(?:-?\s*analys[ie]s|\s+(?:descriptions?|tags?)\b)/i },
  Lilly: { followedBy: after('pulitzer') },
  Intel: {
    precededBy: before(
      String.raw`military|defen[cs]e|ukrainian|russian|israeli|british|western|foreign|classified|battlefield|open-source|allied`,
    ),
    followedBy: after(
      String.raw`officials?|agenc(?:y|ies)|chiefs?|community|sources?|assessments?|services|gathering|sharing|failures?|operatives?`,
    ),
  },
  Abbott: {
    precededBy: before(String.raw`greg|tony|gov\.?|governor|jim|diane|mr\.?|ms\.?`),
    followedBy: after(String.raw`elementary|and costello`),
  },
  Tesla: { precededBy: before('nikola'), followedBy: after('coils?|towers?') },
  Google: { followedBy: after('trends|translate|docs|sheets|scholar|doodle') },
  Alphabet: { followedBy: after('soup|city') },
  Schwab: { precededBy: before('klaus') },
  Colgate: { followedBy: after('university') },
  Citi: { followedBy: after('bike|field') },
  Occidental: { followedBy: after('college') },
  Berkshire: {
    precededBy: before('west|royal'),
    followedBy: after('hills|grey|partners|county|bank|mountains'),
  },
  Uber: { followedBy: /^-\s*(?:rich|wealthy|wealth|popular|cool|low|high|luxury)/i },
  Reddit: {
    precededBy: before('on|a|via'),
    followedBy: after('posts?|threads?|forums?|boards?|users? say'),
  },
  Stryker: { followedBy: after(String.raw`vehicles?|armou?red|brigades?|combat|infantry`) },
  DuPont: { followedBy: after('circle|family') },
  Albemarle: { followedBy: after('county|sound') },
  Hertz: { precededBy: /\d\s*$/ },
  "Lowe's": { precededBy: before('rob') },
  'Best Buy': {
    precededBy: before(String.raw`\d+|the|top|a`),
    followedBy: /^(?:-|\s+(?:rated|right now|stocks?|list|candidates?|ideas?|opportunit))/i,
  },
  'Capital One': { precededBy: before('tier') },
  'Southern Company': { followedBy: after('towns?') },
  'Boston Scientific': { followedBy: after('community|communities|research|establishment') },
  'American Express': { followedBy: after('lanes?|trains?|bus|buses') },
  '3M': {
    precededBy: before(
      String.raw`sold|bought|buys|sells|issued|raised|raises|about|over|nearly|than|to|by|from|of|hits|reach(?:es)?|topped|tops|surpass(?:es)?|\+`,
    ),
    followedBy: after(
      String.raw`users|subscribers|customers|people|views|downloads|barrels|units|jobs|homes|vehicles|tons|shares|followers|players|members|visitors|acres|doses|records|accounts`,
    ),
  },
  GE: { precededBy: /\d\s*$/ },
  GM: {
    precededBy: before('team|club|the|yankees|mets|assistant'),
    followedBy: after(
      String.raw`crops?|foods?|seeds?|mosquito\w*|salmon|wheat|corn|soy\w*|organisms?`,
    ),
  },
  HP: { precededBy: /\d[\d,.]*\s*$/ },
  BP: { precededBy: /\d[\d,.]*\s*$/, followedBy: after('readings?|monitors?|cuff') },

  // Ambiguous names: these also need a company cue.
  Target: {
    precededBy: before(
      String.raw`${VERB_BEFORE}|${ARTICLE_BEFORE}|\d[\d.,]*%?|percent|price|prices|inflation|earnings|sales|profit|revenue|growth|rate|rates|policy|emissions|deficit|savings|returns?|margin|production|output|fiscal|budget|official|easy|soft|hard|prime|primary|top|miss|misses|missed|hit|hits|meet|meets|met|beat|beats|above|below|exceeds?|raises|cuts|lowers|lifts|sets?|on|off|moving|year-end|long-term|medium-term|annual|yield|tariff|takeover|acquisition|buyout|merger|military|strike|likely|potential|next|obvious|juicy|cyber|hackers?|analysts'?|analyst's`,
    ),
    followedBy: after(
      String.raw`prices?|range|rates?|dates?|audiences?|zones?|list|markets?|levels?|of|for|practice|hit|acquisition|compan(?:y|ies)|firms?|areas?|groups?|funds?|returns?|weights?|yields?|temperature|inflation|rich|customers|demographic|allocation|cells?|genes?|proteins?|drugs?|shareholders`,
    ),
    cues: [
      'retailer',
      'retailers',
      'stores',
      'store',
      'shoppers',
      'discounter',
      'big-box',
      'cornell',
      'fiddelke',
      'minneapolis',
    ],
  },
  Visa: {
    precededBy: before(
      String.raw`${VERB_BEFORE}|${ARTICLE_BEFORE}|card|us|u\.s\.|uk|eu|h-?1b|h-?2a|h-?2b|student|students|work|travel|tourist|tourists|golden|gold|investor|entry|exit|immigrant|nonimmigrant|immigration|transit|business|worker|workers|skilled|green|spousal|family|f-1|j-1|o-1|l-1|b-1|k-1|nomad|expired|denied|without|chinese|indian|schengen|american|british|canadian|russian|electronic|free|foreign|trump|biden|tech|issue|issues|issued|seek|seeks|grant|grants|granted`,
    ),
    followedBy: after(
      String.raw`-?free|fees?|rules?|applications?|applicants?|holders?|programs?|ban|bans|policy|policies|waivers?|overstay\w*|restrictions?|requirements?|interviews?|processing|backlogs?|lottery|denials?|revocations?|status|on arrival|sponsorship|caps?|scheme|system|regime|routes?|changes|crackdown|appointments?|bond|bonds|integrity|fraud|curbs?|limits?|review|revoked|suspension|pause`,
    ),
    cues: [
      'card',
      'cards',
      'payments',
      'payment',
      'network',
      'swipe',
      'swipe-fee',
      'interchange',
      'transactions',
      'merchants',
      'debit',
      'fintech',
      'volumes',
      'cross-border',
      'stablecoin',
      'tokenization',
    ],
  },
  Gap: {
    precededBy: before(
      String.raw`${VERB_BEFORE}|${ARTICLE_BEFORE}|trade|wages?|pay|gender|racial|wealth|income|funding|output|yield|financing|budget|skills?|credit|valuation|prices?|pricing|earnings|growth|performance|productivity|inflation|fiscal|deficit|generation|generational|opportunity|achievement|coverage|insurance|tax|labou?r|supply|demand|spending|savings|knowledge|data|information|talent|digital|technology|policy|expectations|big|huge|wide|widening|narrowing|narrow|growing|yawning|mind|minding|bridge|bridging|close|closes|closing|fill|fills|filling|stop|investment|liquidity|basis|revenue|capital|loophole|regulatory|security|protection|vacancy|reporting|risk|sentiment`,
    ),
    followedBy: after(
      String.raw`between|in|up|down|fill\w*|widen\w*|narrow\w*|shrink\w*|clos\w*|years?|periods?|financing|funding|risk|insurance|analysis|year|month|measures?|widens|narrows|persists|remains|grows|opens|exists`,
    ),
    cues: [
      'old navy',
      'athleta',
      'banana republic',
      'apparel',
      'retailer',
      'clothing',
      'fashion',
      'dickson',
    ],
  },
  Block: {
    precededBy: before(
      String.raw`${VERB_BEFORE}|${ARTICLE_BEFORE}|trade|trading|voting|city|apartment|building|office|chip|cell|starting|stumbling|road|auction|ice|housing|on|big|large|controlling|entire|whole|same|first|second|third|eastern|western|bloc|power|political|military|economic|shares?|stocks?|sells?|sold|buys?|bought|courts?|judges?|regulators?|senate|congress|house|lawmakers|democrats|republicans|u\.s\.|us|eu|china|beijing|washington|trump|biden|ftc|doj|sec|bids|attempts?|failed|fails|bill|law|rule|orders?|ordered|ruling|injunction|veto|vetoes|efforts?`,
    ),
    followedBy: after(
      String.raw`trades?|trading|deals?|sales?|party|grants?|chains?|busters?|votes?|voting|mergers?|bids?|moves?|purchases?|buys?|acquisitions?|takeovers?|imports?|exports?|shipments?|access|entry|tariffs?|funding|payments?\s+to|rules?|plans?|orders?|laws?|bills?|policies|transfers?|of\s+(?:shares|stock|\d)|offering|size|heater|capital|schedule|booking|reservations?|island|letters?`,
    ),
    cues: ['square', 'cash app', 'dorsey', 'afterpay', 'tidal', 'bitcoin', 'fintech', 'payments'],
  },
  Snap: {
    precededBy: before(
      String.raw`${VERB_BEFORE}|${ARTICLE_BEFORE}|cold|oh|quick|fast|calls|called|call|calling|surprise|another`,
    ),
    followedBy: after(
      String.raw`elections?|polls?|votes?|decisions?|judg\w*|back|backs|up|shots?|peas|benefits|recipients|program|cuts|payments|rules|work requirements|reactions?|response|lockdowns?|general election|moments?|chills?|freeze|checks?|assessment|verdict|survey`,
    ),
    cues: ['snapchat', 'users', 'advertisers', 'advertising', 'ads', 'ad', 'spiegel', 'spectacles'],
  },
  Shell: {
    precededBy: before(String.raw`${ARTICLE_BEFORE}|empty|hollow|anonymous|offshore`),
    followedBy: after(
      String.raw`compan(?:y|ies)|corporations?|firms?|entit(?:y|ies)|games?|shock\w*|scripts?|fish|structures?|accounts?|banks?|out|casings?|eggs?`,
    ),
    cues: [
      'oil',
      'gas',
      'lng',
      'energy',
      'refinery',
      'refining',
      'crude',
      'oilfield',
      'totalenergies',
      'sawan',
    ],
  },
  Delta: {
    precededBy: before(
      String.raw`${ARTICLE_BEFORE}|mekong|nile|niger|pearl river|yangtze|river|okavango|sacramento|mississippi|options?|omicron|covid|alpha|gamma`,
    ),
    followedBy: after(
      String.raw`variants?|force|region|wings?|smelt|state|blues|waves?|hedg\w*|neutral|exposure|strain|ray|tunnel|conveyor|islands?|wetlands?|farmers?|v|ii|iv|one|fund`,
    ),
    cues: [
      'flights',
      'flight',
      'pilots',
      'airline',
      'airlines',
      'passengers',
      'jets',
      'fares',
      'seats',
      'cabin',
      'bookings',
      'carriers',
      'carrier',
      'bastian',
      'atlanta-based',
      'skymiles',
    ],
  },
  Arm: {
    // "the bank's investment arm", "Goldman's Asset Management Arm": a division.
    precededBy: before(
      String.raw`${ARTICLE_BEFORE}|right|left|long|strong|broken|armed|military|political|charitable|lobbying|advocacy|enforcement|propaganda|investment|investing|banking|lending|leasing|trading|brokerage|advisory|research|retail|wealth|asset|management|markets|securities|capital|ventures?|venture-capital|private equity|equity|finance|financing|financial|credit|mortgage|insurance|reinsurance|payments|crypto|consumer|energy|shipping|media|news|tech|technology|software|cloud|services|operating|manufacturing|business|unit|international|overseas|us|u\.s\.|uk|european|asian|china|india|global|regional|local|state|federal|government|company's|firm's|bank's|group's`,
    ),
    followedBy: after(
      String.raw`twist\w*|wrestl\w*|in arm|'s length|of the|of its|of\b|sling|candy|rest`,
    ),
    cues: [
      'chip',
      'chips',
      'chipmaker',
      'chipmakers',
      'chip designer',
      'softbank',
      'designer',
      'processor',
      'processors',
      'cpu',
      'cpus',
      'royalty',
      'royalties',
      'licensing',
      'haas',
      'semiconductor',
    ],
  },
  Workday: {
    precededBy: before(
      String.raw`${ARTICLE_BEFORE}|longer|shorter|eight-hour|8-hour|four-day|typical|average|every|each|full|normal`,
    ),
    followedBy: after(
      String.raw`routines?|hours?|habits?|stress|lunch|breaks?|commutes?|ends?|starts?|begins?|length|schedules?`,
    ),
    cues: [
      'software',
      'hr',
      'human-resources',
      'cloud',
      'subscription',
      'saas',
      'eschenbach',
      'bhusri',
    ],
  },
};

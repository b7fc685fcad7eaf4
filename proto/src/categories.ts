/** The ten guide and blog categories of the product; anything else is hidden from listings. */
export const CONTENT_CATEGORIES = [
  'day-trading',
  'swing-trading',
  'exit-strategy',
  'risk-management',
  'position-sizing',
  'market-analysis',
  'technical-patterns',
  'options-trading',
  'cryptocurrency',
  'psychology-mindset',
] as const;

export type ContentCategory = (typeof CONTENT_CATEGORIES)[number];

export const CATEGORY_LABELS: Record<ContentCategory, string> = {
  'day-trading': 'Day Trading',
  'swing-trading': 'Swing Trading',
  'exit-strategy': 'Exit Strategy',
  'risk-management': 'Risk Management',
  'position-sizing': 'Position Sizing',
  'market-analysis': 'Market Analysis',
  'technical-patterns': 'Technical Patterns',
  'options-trading': 'Options Trading',
  cryptocurrency: 'Cryptocurrency',
  'psychology-mindset': 'Psychology & Mindset',
};

export function isKnownCategory(value: string): value is ContentCategory {
  return (CONTENT_CATEGORIES as readonly string[]).includes(value);
}

/** Label for display; unknown categories fall back to the raw value. */
export function categoryLabel(value: string): string {
  return isKnownCategory(value) ? CATEGORY_LABELS[value] : value;
}

export const CONTENT_KINDS = ['guide', 'blog'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

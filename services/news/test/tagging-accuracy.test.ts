import headlines from './fixtures/tagged-headlines.json';
import { tagInstruments } from '../src/tagging/tag-instruments.util';

interface LabelledHeadline {
  title: string;
  description?: string;
  symbols: string[];
}

const LABELLED: LabelledHeadline[] = headlines;

describe('instrument tagging over the labelled headlines', () => {
  it('tags with micro precision ≥ 0.95 and recall ≥ 0.85', () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    const wrong: string[] = [];
    for (const { title, description, symbols } of LABELLED) {
      const tagged = tagInstruments(title, description);
      const extra = tagged.filter((symbol) => !symbols.includes(symbol));
      const missed = symbols.filter((symbol) => !tagged.includes(symbol));
      truePositives += tagged.length - extra.length;
      falsePositives += extra.length;
      falseNegatives += missed.length;
      if (extra.length + missed.length > 0) {
        wrong.push(`${title} → +[${extra.join(', ')}] −[${missed.join(', ')}]`);
      }
    }
    const precision = truePositives / (truePositives + falsePositives);
    const recall = truePositives / (truePositives + falseNegatives);
    console.log(
      [
        `${LABELLED.length} headlines, ${truePositives + falseNegatives} labelled symbols`,
        `precision ${precision.toFixed(3)} (${falsePositives} false), recall ${recall.toFixed(3)} (${falseNegatives} missed)`,
        ...wrong,
      ].join('\n'),
    );
    expect(LABELLED.length).toBeGreaterThanOrEqual(300);
    expect(precision).toBeGreaterThanOrEqual(0.95);
    expect(recall).toBeGreaterThanOrEqual(0.85);
  });

  it('keeps the order of the labels: first mention first', () => {
    const ordered = LABELLED.filter(({ symbols }) => symbols.length > 1).filter(
      ({ title, description, symbols }) => {
        const tagged = tagInstruments(title, description);
        return symbols.every((symbol) => tagged.includes(symbol));
      },
    );
    expect(ordered.length).toBeGreaterThan(30);
    for (const { title, description, symbols } of ordered) {
      const tagged = tagInstruments(title, description).filter((symbol) =>
        symbols.includes(symbol),
      );
      expect({ title, tagged }).toEqual({ title, tagged: symbols });
    }
  });
});

import { NO_DESCRIPTION_LABEL, truncateDescription } from '../truncate';

describe('truncateDescription', () => {
  it('keeps descriptions of 149 and 150 characters whole', () => {
    const short = 'a'.repeat(149);
    const exact = 'b'.repeat(150);
    expect(truncateDescription(short)).toBe(short);
    expect(truncateDescription(exact)).toBe(exact);
  });

  it('cuts a 151-character description to 150 characters plus "..."', () => {
    const long = `${'c'.repeat(150)}d`;
    const result = truncateDescription(long);
    expect(result).toBe(`${'c'.repeat(150)}...`);
    expect(result).toHaveLength(153);
  });

  it('labels missing or blank descriptions', () => {
    expect(NO_DESCRIPTION_LABEL).toBe('No description available');
    expect(truncateDescription(undefined)).toBe(NO_DESCRIPTION_LABEL);
    expect(truncateDescription(null)).toBe(NO_DESCRIPTION_LABEL);
    expect(truncateDescription('')).toBe(NO_DESCRIPTION_LABEL);
    expect(truncateDescription('   ')).toBe(NO_DESCRIPTION_LABEL);
  });
});

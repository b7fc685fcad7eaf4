/** A share as per cent with a fixed number of decimals: 0.175 → "17.5 %". */
export const percent = (share: number, digits = 1): string =>
  `${new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share * 100)} %`;

import { css } from 'styled-components';
import { cardSurface } from './card-surface.styles';

/** An `ol` of steps, each a card that counts itself (`counter(step)`); callers set the columns. */
export const numberedCardList = css`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;

  li {
    ${cardSurface}
    counter-increment: step;
  }
`;

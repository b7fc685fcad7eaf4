import { NOT_ADVICE_LINE } from '@probedge/proto';
import { Note } from './not-advice-note.styles';

export function NotAdviceNote({ children }: { children?: string }) {
  return <Note>{children ? `${NOT_ADVICE_LINE} ${children}` : NOT_ADVICE_LINE}</Note>;
}

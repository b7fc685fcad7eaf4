import type { ReactNode } from 'react';
import { Section, SectionTitle } from './section.styles';

interface TitledSectionProps {
  /** The heading's id; the section is labelled by it. */
  id: string;
  title: ReactNode;
  children: ReactNode;
}

/** A page section named by its own h2. */
export function TitledSection({ id, title, children }: TitledSectionProps) {
  return (
    <Section aria-labelledby={id}>
      <SectionTitle id={id}>{title}</SectionTitle>
      {children}
    </Section>
  );
}

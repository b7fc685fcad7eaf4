import { ButtonLink } from './button-link.styles';
import { Heading, Panel, Text } from './cta-panel.styles';

interface CtaPanelProps {
  title: string;
  text: string;
  to: string;
  label: string;
}

export function CtaPanel({ title, text, to, label }: CtaPanelProps) {
  return (
    <Panel aria-label={title}>
      <Heading>{title}</Heading>
      <Text>{text}</Text>
      <ButtonLink to={to}>{label}</ButtonLink>
    </Panel>
  );
}

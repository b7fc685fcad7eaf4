import { CtaPanel } from '../../../components/ui/cta-panel';
import { NotAdviceNote } from '../../../components/ui/not-advice-note';

/** The end of every guides list (/guides and a topic's page): the plan that applies them, and the note. */
export function GuidesFooter() {
  return (
    <>
      <CtaPanel
        title="Put the guides into practice"
        text="The Professional Trading App turns these ideas into daily probability-based signals with entries, stops and targets."
        to="/subscribe"
        label="See the Professional plan"
      />
      <NotAdviceNote />
    </>
  );
}

interface Step {
  title: string;
  text: string;
}

/** The items of a numbered list of steps: each a heading over its text. The caller gives the list. */
export function StepItems({ steps }: { steps: readonly Step[] }) {
  return steps.map((step) => (
    <li key={step.title}>
      <h3>{step.title}</h3>
      <p>{step.text}</p>
    </li>
  ));
}

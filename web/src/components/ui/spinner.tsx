import { Ring, Status } from './spinner.styles';

export function Spinner({ label }: { label: string }) {
  return (
    <Status role="status">
      <Ring aria-hidden="true" />
      <span>{label}</span>
    </Status>
  );
}

import { pageReload } from '../../lib/page-reload';
import { Button } from './button-link.styles';
import { ErrorBox } from './load-error.styles';

/** A list that failed to load: the spec's remedy is a full reload, not a retry of one request. */
export function LoadError({ message }: { message: string }) {
  return (
    <ErrorBox role="alert">
      <p>{message}</p>
      <Button type="button" $variant="secondary" onClick={() => pageReload.reload()}>
        Refresh Page
      </Button>
    </ErrorBox>
  );
}

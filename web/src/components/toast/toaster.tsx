import { TOAST } from '../../lib/constants';
import { dismissToast, useToasts } from '../../lib/toast-store';
import { Close, Description, Root, Title, Viewport } from './toaster.styles';

export function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {toasts.map((entry) => (
        <Root
          key={entry.id}
          open={entry.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(entry.id);
          }}
          $variant={entry.variant ?? 'default'}
          type={entry.variant === 'destructive' ? 'foreground' : 'background'}
        >
          {entry.title && <Title>{entry.title}</Title>}
          {entry.description && <Description>{entry.description}</Description>}
          <Close aria-label="Close notification">×</Close>
        </Root>
      ))}
      <Viewport hotkey={[...TOAST.hotkey]} />
    </>
  );
}

import * as Toast from '@radix-ui/react-toast';
import { TOAST } from '../../lib/constants';
import { Toaster } from './toaster';

/** The toast provider and its toasts, configured from the spec's toast constants. */
export function ToastRegion() {
  return (
    <Toast.Provider
      duration={TOAST.durationMs}
      swipeDirection={TOAST.swipeDirection}
      swipeThreshold={TOAST.swipeThreshold}
    >
      <Toaster />
    </Toast.Provider>
  );
}

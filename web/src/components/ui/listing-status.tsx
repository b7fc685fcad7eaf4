import type { ReactNode } from 'react';
import { Notice } from './page.styles';
import { Spinner } from './spinner';

interface ListingStatusProps {
  isLoading: boolean;
  loadingLabel: string;
  isEmpty: boolean;
  emptyMessage: ReactNode;
  /** The listing itself, shown once it has loaded and has something in it. */
  children: ReactNode;
}

/** A listing's place on its page: a spinner while it loads, a notice when it is empty. */
export function ListingStatus({
  isLoading,
  loadingLabel,
  isEmpty,
  emptyMessage,
  children,
}: ListingStatusProps) {
  if (isLoading) return <Spinner label={loadingLabel} />;
  if (isEmpty) return <Notice>{emptyMessage}</Notice>;
  return children;
}

import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

// A new page starts at the top; back and forward keep the browser's own scroll position.
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);

  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollsToTop } from './route-rules';

/** Sports, casino, live-casino and crash pages start at the top (spec doc 1 §2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (scrollsToTop(pathname)) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

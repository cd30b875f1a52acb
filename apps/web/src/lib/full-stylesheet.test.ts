import { afterEach, describe, expect, it } from 'vitest';
import { enableFullStylesheet } from './full-stylesheet';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the whole stylesheet after the critical CSS (ADR 183)', () => {
  it('is switched on when it has loaded, not before', () => {
    // No href: jsdom loads no stylesheets; the load event is sent by hand.
    document.head.innerHTML =
      '<link rel="stylesheet" media="print" data-dau-css><link rel="stylesheet" media="print">';
    const [full, other] = [...document.querySelectorAll('link')];
    enableFullStylesheet();
    expect(full!.media).toBe('print');
    full!.dispatchEvent(new Event('load'));
    expect(full!.media).toBe('all');
    expect(other!.media).toBe('print');
  });
});

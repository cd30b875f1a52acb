import { featureStrings } from '../lib/i18n';

/** Words of the shared form frame (`ui/form.tsx`). */
const EN = {
  needsJavaScript: 'This form needs JavaScript. Turn it on in your browser to use it.',
};

const SW: Record<keyof typeof EN, string> = {
  needsJavaScript: 'Fomu hii inahitaji JavaScript. Iwashe kwenye kivinjari chako ili uitumie.',
};

export const { t } = featureStrings(EN, SW);

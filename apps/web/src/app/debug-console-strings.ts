import { featureStrings } from '../lib/i18n';

/** The `?debug=1` console's words, in its own chunk (English and Swahili). */
export const { t: tDebug, tf: tfDebug } = featureStrings(
  {
    debugConsole: 'Debug console',
    storeChanges: 'Store changes (last {limit}) · {count}',
  },
  {
    debugConsole: 'Dashibodi ya utatuzi',
    storeChanges: 'Mabadiliko ya hifadhi (ya mwisho {limit}) · {count}',
  },
);

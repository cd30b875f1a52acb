import { featureStrings } from '../../lib/i18n';

/** The support panel's own words (its chunk, not the entry). */
const EN = {
  helpTopics: 'Help topics',
};

const SW: Record<keyof typeof EN, string> = {
  helpTopics: 'Mada za msaada',
};

export const { t: ts } = featureStrings(EN, SW);

import { featureStrings } from '../lib/i18n';

/** The help accordion's own words (its chunk, not the entry). */
const EN = {
  noMatch: 'No help topics match "{query}".',
};

const SW: Record<keyof typeof EN, string> = {
  noMatch: 'Hakuna mada ya msaada inayolingana na "{query}".',
};

export const { tf } = featureStrings(EN, SW);

import { featureStrings } from '../lib/i18n';

/** The compliance section's own words (profile and the site-4 withdrawal gate). */
const EN = {
  compliant: 'Fully Compliant',
  incomplete: 'Incomplete Compliance',
  badgeDone: 'Verified',
  badgePending: 'Pending',
  choose: 'Choose',
};

const SW: Record<keyof typeof EN, string> = {
  compliant: 'Taarifa Zimekamilika',
  incomplete: 'Taarifa Hazijakamilika',
  badgeDone: 'Imethibitishwa',
  badgePending: 'Inasubiri',
  choose: 'Chagua',
};

export const { t } = featureStrings(EN, SW);

import { featureStrings } from '../../lib/i18n';

/** The footer's and content banners' own words (in the deferred shell chunk, not the entry). */
const EN = {
  about: 'About',
  help: 'Help',
  promotions: 'Promotions',
  speedTest: 'Speed test',
  responsible: 'Betting is for adults only. Play responsibly. Dau {country}.',
  appUpdate: 'A new version of the Dau app is available.',
  updateNow: 'Update now',
};

const SW: Record<keyof typeof EN, string> = {
  about: 'Kuhusu sisi',
  help: 'Msaada',
  promotions: 'Promosheni',
  speedTest: 'Kipimo cha kasi',
  responsible: 'Kubeti ni kwa watu wazima tu. Cheza kwa uwajibikaji. Dau {country}.',
  appUpdate: 'Toleo jipya la programu ya Dau linapatikana.',
  updateNow: 'Sasisha sasa',
};

export const { t, tf } = featureStrings(EN, SW);

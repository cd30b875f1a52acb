import { featureStrings } from '../../lib/i18n';

/** The menu's own words: the items it shows when the content service cannot be reached. */
export const { t: tMenu } = featureStrings(
  {
    home: 'Home',
    sports: 'Sports',
    casino: 'Casino',
    promotions: 'Promotions',
    support: 'Customer Support',
  },
  {
    home: 'Nyumbani',
    sports: 'Michezo',
    casino: 'Kasino',
    promotions: 'Ofa',
    support: 'Huduma kwa Wateja',
  },
);

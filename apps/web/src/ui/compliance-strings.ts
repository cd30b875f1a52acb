import { COMPLIANCE_UPDATED } from '@dau/domain/messages';
import { featureStrings } from '../lib/i18n';

/** The compliance section's own words (profile and the site-4 withdrawal gate). */
const EN = {
  compliant: 'Fully Compliant',
  incomplete: 'Incomplete Compliance',
  badgeDone: 'Verified',
  badgePending: 'Pending',
  choose: 'Choose',
  invalidId: 'Invalid ID number',
  dateOfBirth: 'Date of birth',
  compliance: 'Compliance',
  firstName: 'First name',
  lastName: 'Last name',
  idNumber: 'ID number',
  gender: 'Gender',
  male: 'Male',
  female: 'Female',
  yes: 'Yes',
  no: 'No',
  incomeSource: 'Income source',
  politicallyExposed: 'Are you a politically exposed person?',
  updated: COMPLIANCE_UPDATED,
  save: 'SAVE',
};

const SW: Record<keyof typeof EN, string> = {
  compliant: 'Taarifa Zimekamilika',
  incomplete: 'Taarifa Hazijakamilika',
  badgeDone: 'Imethibitishwa',
  badgePending: 'Inasubiri',
  choose: 'Chagua',
  invalidId: 'Namba ya kitambulisho si sahihi',
  dateOfBirth: 'Tarehe ya kuzaliwa',
  compliance: 'Uthibitisho wa taarifa',
  firstName: 'Jina la kwanza',
  lastName: 'Jina la mwisho',
  idNumber: 'Namba ya kitambulisho (NIDA)',
  gender: 'Jinsia',
  male: 'Mwanaume',
  female: 'Mwanamke',
  yes: 'Ndiyo',
  no: 'Hapana',
  incomeSource: 'Chanzo cha mapato',
  politicallyExposed: 'Je, una wadhifa wa kisiasa (PEP)?',
  updated: 'Taarifa zako zimesasishwa!',
  save: 'HIFADHI',
};

export const { t } = featureStrings(EN, SW);

import type { TaxPolicy } from './tax-policy';

/**
 * Where each tax policy's rates come from (the law, or the spec), so a reviewer can check them;
 * docs/decisions/140 quotes them. Kept out of the policies themselves: the web's first load
 * carries the policies, not their bibliography.
 */
export const TAX_POLICY_SOURCES: Readonly<Record<TaxPolicy['id'], string>> = {
  'ke-spec': 'spec doc 1 §9, doc 2 §9',
  'spec-2': 'spec doc 1 §9, doc 2 §9 (Kenya: excise 15 % on the stake, 20 % on net winnings)',
  'ke-2025': 'Kenya Finance Act 2025',
  'ug-2017': 'Uganda Income Tax Act Cap 340 s.118C, Third Schedule Part X (2017 amendment)',
  'zm-2020': 'Zambia Income Tax Act s.64A; Income Tax (Betting and Gaming) Regulations 2018',
  'zm-2025': 'Zambia Customs and Excise (Amendment) Act No. 11 of 2025 (10 % excise on stakes)',
  'tz-2021': 'Tanzania Finance Act 2021 (Gaming Act Cap 41: tax on winnings 20 % → 15 %)',
  'tz-2022': 'Tanzania Finance Act 2022 (Gaming Act Cap 41: sports betting winnings 10 %)',
};

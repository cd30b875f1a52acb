/**
 * Paths of the accounts calls below `{core}` (`API_BASE.core`). Kept free of zod so the web
 * bundle can import them; the schemas live in the sibling files.
 */
export const ACCOUNT_CORE_PATHS = {
  login3: '/login3',
  isLoggedIn: '/customer/isLoggedIn',
  logout: '/auth/logout',
  registerStart: '/register/start',
  registerResend: '/register/resend',
  registerVerify: '/register/verify',
  registerDetails: '/register/details',
  registerStatus: '/register/status',
  forgottenPassword: '/forgotten-password',
  resetPassword: '/reset-password',
  changePassword: '/customer/changePassword',
  profile: (siteId: number, country: string, lang: string) =>
    `/customer/profile/${siteId}/${country}/${lang}`,
  updateEmail: '/customer/profile/UpdateEmail',
  updateCompliance: '/customer/UpdateCustomerAdditionalInfo',
  incomeSources: '/IncomeSource/GetIncomeSourceList',
  getSettings: '/customer/v2/getSettings',
  updateSettings: '/customer/v2/updateSettings',
  responsibleGambling: '/customer/responsible-gambling',
  bonuses: (siteId: number, country: string, lang: string) =>
    `/customer/bonus/${siteId}/${country}/${lang}`,
} as const;

/** Outside `{core}`, as the spec writes it. */
export const FEATURE_STORE_PATH = '/feature/store';

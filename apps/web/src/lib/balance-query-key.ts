/**
 * The balance query's key (the payments feature owns the query): other features invalidate it
 * after moving money, without importing the payments feature.
 */
export const balanceQueryKey = ['wallet', 'balance'] as const;

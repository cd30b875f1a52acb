import type { User } from './accounts.tables';

/** The SMS the owner of a registered number gets when someone starts a registration with it. */
export function existingAccountNotice(user: Pick<User, 'status'>): string {
  const next =
    user.status === 'closed'
      ? 'Your account is closed; to reopen it, contact Dau Customer Support.'
      : "Log in with this number, or choose 'Forgotten password' if you do not remember your PIN.";
  return `Someone has just tried to open a new Dau account with this number, which already has one. ${next} If this was not you, ignore this message: nothing has changed.`;
}

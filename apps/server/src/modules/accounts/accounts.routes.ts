import type { AppInstance } from '../../app-types';
import { authRoutes } from './auth.routes';
import { profileRoutes } from './profile.routes';
import { registrationRoutes } from './registration.routes';

/** Every route of the accounts module (issue #5). */
export async function accountsRoutes(app: AppInstance): Promise<void> {
  await app.register(authRoutes);
  await app.register(registrationRoutes);
  await app.register(profileRoutes);
}
